package dev.ibmesh.runtime.madport;

/** Where a {@link MadPort} is: the node's name (or NodeDescription), GUIDs and port number. */
public record MadPortIdentity(String nodeName, long nodeGuid, long portGuid, int portNumber) {
    @Override
    public String toString() {
        return String.format("%s port %d (port GUID 0x%016x)", nodeName, portNumber, portGuid);
    }
}
