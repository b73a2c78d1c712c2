package dev.ibmesh.device.hca.transport;

/** A QP's transport counters, read-only, for metrics. */
public interface QpCountersView {
    long packetsSent();

    long packetsReceived();

    /** Retransmissions started (ACK timeouts, sequence-error NAKs, lost responses, RNR NAK retries). */
    long retries();

    /** Local ACK timeouts that expired. */
    long timeouts();

    long rnrNaksSent();

    long rnrNaksReceived();

    /** NAKs sent with this code (Aeth.NAK_*). */
    long naksSent(int code);

    /** NAKs received with this code (Aeth.NAK_*). */
    long naksReceived(int code);

    /** Duplicate requests (responder) and duplicate responses (requester). */
    long duplicates();

    /** Packets the transport dropped (P_Key, Q_Key, PSN, source, no receive WQE on UC/UD, malformed). */
    long dropped();
}
