package dev.ibmesh.device.hca.grpc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.device.hca.verbs.Verbs;
import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.proto.verbs.v1.AllocPdRequest;
import dev.ibmesh.proto.verbs.v1.QueryDeviceRequest;
import dev.ibmesh.proto.verbs.v1.VerbsGrpc;
import dev.ibmesh.runtime.fault.FaultLog;
import io.grpc.ManagedChannel;
import io.grpc.Server;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.inprocess.InProcessChannelBuilder;
import io.grpc.inprocess.InProcessServerBuilder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** A fault of the HCA below the service answers INTERNAL with what failed, and the service goes on. */
class VerbsServiceFaultTest {
    /** An HCA whose every answer fails with a bug. */
    private static final class BrokenHost implements VerbsHost {
        @Override
        public Verbs verbs() {
            throw new IllegalStateException("verbs facade gone");
        }

        @Override
        public long nodeGuid() {
            return 1;
        }

        @Override
        public long sysImageGuid() {
            return 1;
        }

        @Override
        public int vendorId() {
            return 0;
        }

        @Override
        public int vendorPartId() {
            return 0;
        }

        @Override
        public String nodeDescription() {
            return "broken";
        }

        @Override
        public int portCount() {
            return 1;
        }

        @Override
        public long portGuid(int port) {
            return 1;
        }

        @Override
        public PortInfo portInfo(int port) {
            throw new IllegalStateException("no PortInfo");
        }
    }

    private Server server;
    private ManagedChannel channel;

    @BeforeEach
    void start() throws Exception {
        String name = InProcessServerBuilder.generateName();
        server = InProcessServerBuilder.forName(name)
                .directExecutor()
                .addService(new VerbsService(new BrokenHost()))
                .build()
                .start();
        channel = InProcessChannelBuilder.forName(name).directExecutor().build();
    }

    @AfterEach
    void stop() {
        channel.shutdownNow();
        server.shutdownNow();
    }

    @Test
    void aFaultAnswersInternalWithTheExceptionAndIsLogged() {
        VerbsGrpc.VerbsBlockingStub stub = VerbsGrpc.newBlockingStub(channel);
        long before = FaultLog.shared().count("VerbsService", IllegalStateException.class);
        for (int i = 0; i < 2; i++) {
            StatusRuntimeException e = assertThrows(
                    StatusRuntimeException.class, () -> stub.queryDevice(QueryDeviceRequest.getDefaultInstance()));
            assertEquals(
                    Status.Code.INTERNAL, e.getStatus().getCode(), e.getStatus().toString());
            String d = e.getStatus().getDescription();
            assertTrue(d != null && d.contains("verbs facade gone"), d);
        }
        StatusRuntimeException e =
                assertThrows(StatusRuntimeException.class, () -> stub.allocPd(AllocPdRequest.getDefaultInstance()));
        assertEquals(Status.Code.INTERNAL, e.getStatus().getCode(), "the service still answers");
        assertEquals(3, FaultLog.shared().count("VerbsService", IllegalStateException.class) - before);
    }
}
