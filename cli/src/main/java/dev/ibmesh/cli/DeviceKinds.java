package dev.ibmesh.cli;

import dev.ibmesh.device.hca.HcaDevice;
import dev.ibmesh.device.sw.SwitchDevice;
import dev.ibmesh.runtime.device.Device;
import dev.ibmesh.runtime.device.DeviceConfig;
import dev.ibmesh.runtime.device.DeviceFactory;
import dev.ibmesh.runtime.transport.LinkTransport;
import io.micrometer.core.instrument.MeterRegistry;

/** Builds the device each kind of the topology names: switches and HCAs; testers as the base device for now. */
final class DeviceKinds implements DeviceFactory {
    @Override
    public Device create(DeviceConfig config, LinkTransport transport, MeterRegistry registry) {
        return switch (config.kind()) {
            case "switch" -> new SwitchDevice(config, transport, registry);
            case "hca" -> new HcaDevice(config, transport, registry);
            default -> DeviceFactory.BASIC.create(config, transport, registry);
        };
    }
}
