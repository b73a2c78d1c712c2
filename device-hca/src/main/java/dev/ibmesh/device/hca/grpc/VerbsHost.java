package dev.ibmesh.device.hca.grpc;

import dev.ibmesh.device.hca.verbs.Verbs;
import dev.ibmesh.mad.smp.PortInfo;

/**
 * What {@link VerbsService} serves, implemented by the HCA device: its verbs facade, and what QueryDevice and
 * QueryPort report beyond the facade (the node's identity from NodeInfo and NodeDescription, each port's PortInfo as
 * its SMA holds it). The service asks for the facade on every call, so a device may create the service before its
 * transport exists (Device.services() runs early in start()). Called on the device's event loop only.
 */
public interface VerbsHost {
    Verbs verbs();

    long nodeGuid();

    long sysImageGuid();

    int vendorId();

    int vendorPartId();

    String nodeDescription();

    int portCount();

    long portGuid(int port);

    /** The port's PortInfo; {@code port} is a valid port number (the facade checked it). */
    PortInfo portInfo(int port);
}
