package dev.ibmesh.runtime.device;

import dev.ibmesh.runtime.transport.LinkTransport;
import io.micrometer.core.instrument.MeterRegistry;

/** Builds the device a configuration's kind calls for. Later modules register switches, HCAs and testers. */
@FunctionalInterface
public interface DeviceFactory {
    Device create(DeviceConfig config, LinkTransport transport, MeterRegistry registry);

    /** Every kind as the base device: links train and carry traffic, nothing answers MADs. */
    DeviceFactory BASIC = Device::new;
}
