package dev.ibmesh.tester.bench;

import dev.ibmesh.device.hca.HcaDevice;
import dev.ibmesh.device.sw.SwitchDevice;
import dev.ibmesh.runtime.device.Device;
import dev.ibmesh.runtime.device.DeviceConfig;
import dev.ibmesh.runtime.device.DeviceFactory;
import dev.ibmesh.runtime.transport.LinkTransport;
import io.micrometer.core.instrument.MeterRegistry;

/** Builds the device each kind of a topology names: switches, HCAs and testers. */
public final class DeviceKinds implements DeviceFactory {
    @Override
    public Device create(DeviceConfig config, LinkTransport transport, MeterRegistry registry) {
        return switch (config.kind()) {
            case "switch" -> new SwitchDevice(config, transport, registry);
            case "hca" -> new HcaDevice(config, transport, registry);
            case "tester" -> new TesterDevice(config, transport, registry);
            default ->
                throw new IllegalArgumentException(
                        config.name() + ": no device of kind '" + config.kind() + "' (switch, hca, tester)");
        };
    }
}
