package dev.ibmesh.runtime.madport;

import dev.ibmesh.runtime.agent.HostMad;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * Management datagrams on one port, as libibumad offers them to host software: LID-routed and directed-route SMPs
 * (QP0), GMPs of any class on QP1 with the P_Key index and Q_Key of their {@link HostMad} envelope.
 *
 * <ul>
 *   <li>{@link #request} matches the response by TransactionID and gives up after the timeout it is given. It never
 *       resends: retries are the caller's decision (a conformance procedure must see exactly what the device did).
 *   <li>{@link #send} sends what expects no response: GetResp of a request received, Trap, TrapRepress, Report.
 *   <li>{@link #subscribe} delivers the MADs of chosen classes that no waiting request takes: requests (SA queries,
 *       SMInfo), traps, and responses whose request is no longer waiting (the later segments of an RMPP transfer, a
 *       response that came after its timeout).
 *   <li>{@link #watch} sees every MAD sent and received, matched or not (traces, step logs).
 * </ul>
 *
 * <p>Threading: every method may be called from any thread (on an emulated device's port, {@link #subscribe} and
 * {@link #watch} wait for its event loop, so not from another device's loop). Futures and listeners complete on the
 * port's own thread (an emulated device's event loop): a listener must not block; a caller that waits for a future
 * blocks its own thread, never the port's.
 */
public interface MadPort extends AutoCloseable {
    /** Who the port is: names and GUIDs for reports. */
    MadPortIdentity identity();

    /** The port's LID now (0 before an SM assigned one). */
    CompletableFuture<Integer> lid();

    /**
     * Sets or clears PortInfo.CapabilityMask.IsSM of the port: an SM runs here (IBA 14.2.5.6). While it is set, SMInfo
     * requests that reach the port go to host software (the SM), not to the node's SMA.
     */
    CompletableFuture<Void> announceSm(boolean present);

    /** A TransactionID no other request of this port has used. */
    long newTransactionId();

    /**
     * Sends a request (a MAD whose method expects a response) and completes with the response carrying its
     * TransactionID. Fails with {@link MadTimeoutException} when none came within {@code timeout}, with
     * {@link MadSendException} when the MAD could not leave the port.
     */
    CompletableFuture<HostMad> request(HostMad request, Duration timeout);

    /** Sends a MAD that expects no response; fails with {@link MadSendException} when it could not leave the port. */
    CompletableFuture<Void> send(HostMad mad);

    /**
     * Delivers every MAD of the given management class codes that no waiting {@link #request} takes to
     * {@code listener} until closed.
     */
    Subscription subscribe(Set<Integer> mgmtClasses, Consumer<HostMad> listener);

    /** Shows every MAD this port sends and receives to {@code watcher} until closed. */
    Subscription watch(MadWatcher watcher);

    /** Fails every request still waiting and stops receiving. */
    @Override
    void close();

    /** A registration to end. */
    @FunctionalInterface
    interface Subscription extends AutoCloseable {
        @Override
        void close();
    }
}
