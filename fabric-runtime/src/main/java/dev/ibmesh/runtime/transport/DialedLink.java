package dev.ibmesh.runtime.transport;

/** The dialling end of a link stream, which can also be dropped unused. */
public interface DialedLink extends LinkConnection {
    /** Ends the stream without telling this end's listener: the local port never accepted it. */
    void abandon();
}
