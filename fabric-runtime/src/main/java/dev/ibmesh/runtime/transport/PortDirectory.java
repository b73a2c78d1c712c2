package dev.ibmesh.runtime.transport;

/** Finds the handler of a device's port by number, for the VirtualLink server. */
@FunctionalInterface
public interface PortDirectory {
    /** The port's handler, or null when the device has no such port. */
    LinkHandler port(int portNumber);
}
