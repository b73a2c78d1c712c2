package dev.ibmesh.device.sw;

import dev.ibmesh.runtime.device.Device;
import dev.ibmesh.runtime.device.DeviceFactory;
import dev.ibmesh.runtime.transport.LinkTransport;
import io.micrometer.core.instrument.MeterRegistry;

/** Builds switches for the "switch" kind; every other kind as the base device (until the HCA lands). */
public final class SwitchFactory implements DeviceFactory {
    @Override
    public Device create(
            dev.ibmesh.runtime.device.DeviceConfig config, LinkTransport transport, MeterRegistry registry) {
        return "switch".equals(config.kind())
                ? new SwitchDevice(config, transport, registry)
                : DeviceFactory.BASIC.create(config, transport, registry);
    }
}
