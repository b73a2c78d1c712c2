package dev.ibmesh.device.hca.grpc;

import dev.ibmesh.device.hca.QpEngines;
import dev.ibmesh.device.hca.transport.HcaPorts;
import dev.ibmesh.device.hca.transport.HcaTransport;
import dev.ibmesh.device.hca.verbs.HcaLimits;
import dev.ibmesh.device.hca.verbs.Verbs;
import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.proto.verbs.v1.VerbsGrpc;
import dev.ibmesh.runtime.time.ExecutorScheduler;
import dev.ibmesh.wire.Gid;
import dev.ibmesh.wire.Mtu;
import io.grpc.ManagedChannel;
import io.grpc.Server;
import io.grpc.inprocess.InProcessChannelBuilder;
import io.grpc.inprocess.InProcessServerBuilder;
import java.io.IOException;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Two HCA transports (A with LID 1, B with LID 2, one port each, P_Key table {0xFFFF, 0x8002}) whose frames cross an
 * in-memory wire, each serving {@link VerbsService} on an in-process gRPC server. One thread is the "event loop" of
 * both: it runs the gRPC calls, the engines' timers and the frame deliveries (a frame transmitted is delivered by a
 * later task on the loop, never inside the transmit call), as a device's loop does.
 */
final class GrpcHcaPair implements AutoCloseable {
    static final HcaLimits LIMITS = new HcaLimits(8, 64, 4, 64, 4, 1024, 8, 1 << 20, 4, 4, 4);

    final ScheduledExecutorService loop = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "hca-loop");
        t.setDaemon(true);
        return t;
    });
    final Side a;
    final Side b;

    GrpcHcaPair() throws IOException {
        a = new Side("A", 1);
        b = new Side("B", 2);
        a.peer = b;
        b.peer = a;
    }

    @Override
    public void close() throws InterruptedException {
        a.close();
        b.close();
        loop.shutdownNow();
        loop.awaitTermination(5, TimeUnit.SECONDS);
    }

    final class Side implements HcaPorts, VerbsHost {
        final String name;
        final int lid;
        final HcaTransport transport;
        final VerbsGrpc.VerbsBlockingStub stub;
        private final Server server;
        private final ManagedChannel channel;
        Side peer;

        Side(String name, int lid) throws IOException {
            this.name = name;
            this.lid = lid;
            this.transport = new HcaTransport(
                    name,
                    this,
                    0x0002C90300000000L + lid,
                    new ExecutorScheduler(loop),
                    Set.of(),
                    LIMITS,
                    QpEngines::create);
            String address = "verbs-" + name + "-" + System.nanoTime();
            this.server = InProcessServerBuilder.forName(address)
                    .executor(loop)
                    .addService(new VerbsService(this))
                    .build()
                    .start();
            this.channel =
                    InProcessChannelBuilder.forName(address).directExecutor().build();
            this.stub = VerbsGrpc.newBlockingStub(channel);
        }

        void close() throws InterruptedException {
            channel.shutdownNow();
            server.shutdownNow();
            server.awaitTermination(5, TimeUnit.SECONDS);
        }

        @Override
        public Verbs verbs() {
            return transport.verbs();
        }

        @Override
        public long nodeGuid() {
            return 0x0002C90300000000L + lid;
        }

        @Override
        public long sysImageGuid() {
            return nodeGuid();
        }

        @Override
        public int vendorId() {
            return 0x02C9;
        }

        @Override
        public int vendorPartId() {
            return 4115;
        }

        @Override
        public String nodeDescription() {
            return "hca " + name;
        }

        @Override
        public long portGuid(int port) {
            return nodeGuid() + 0x100;
        }

        @Override
        public PortInfo portInfo(int port) {
            return PortInfo.builder()
                    .lid(lid)
                    .portState(4)
                    .portPhysicalState(5)
                    .mtuCap(5)
                    .neighborMtu(5)
                    .linkWidthActive(2)
                    .linkSpeedActive(4)
                    .masterSmLid(1)
                    .masterSmSl(3)
                    .capabilityMask(0x0251086A)
                    .build();
        }

        @Override
        public int portCount() {
            return 1;
        }

        @Override
        public int lid(int port) {
            return lid;
        }

        @Override
        public int lmc(int port) {
            return 0;
        }

        @Override
        public boolean isActive(int port) {
            return true;
        }

        @Override
        public Mtu mtu(int port) {
            return Mtu.MTU_4096;
        }

        @Override
        public int pkeyTableSize(int port) {
            return 2;
        }

        @Override
        public int pkey(int port, int index) {
            return index == 0 ? 0xFFFF : 0x8002;
        }

        @Override
        public int vl(int port, int sl) {
            return 0;
        }

        @Override
        public Gid gid(int port, int index) {
            return index == 0 ? new Gid(Gid.DEFAULT_SUBNET_PREFIX, portGuid(port)) : null;
        }

        @Override
        public boolean transmit(int port, byte[] frame) {
            loop.execute(() -> peer.transport.receive(1, frame));
            return true;
        }

        @Override
        public void unmappedSl(int port) {}

        @Override
        public void pKeyViolation(int port, byte[] frame) {
            throw new AssertionError(name + ": P_Key violation");
        }

        @Override
        public void qKeyViolation(int port, byte[] frame) {
            throw new AssertionError(name + ": Q_Key violation");
        }
    }
}
