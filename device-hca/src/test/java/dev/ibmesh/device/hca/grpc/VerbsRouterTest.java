package dev.ibmesh.device.hca.grpc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.proto.verbs.v1.DeviceAttr;
import dev.ibmesh.proto.verbs.v1.QueryDeviceRequest;
import dev.ibmesh.proto.verbs.v1.VerbsGrpc;
import dev.ibmesh.proto.verbs.v1.VerbsGrpc.VerbsBlockingStub;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.Server;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.inprocess.InProcessChannelBuilder;
import io.grpc.inprocess.InProcessServerBuilder;
import io.grpc.stub.MetadataUtils;
import io.grpc.stub.StreamObserver;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@link VerbsRouter} on an in-process server with gRPC's own threads: each call reaches the HCA its ibmesh-device
 * header names, on that HCA's loop; a missing or unknown name is refused with the header and the valid names.
 */
class VerbsRouterTest {
    private final List<ExecutorService> loops = new ArrayList<>();
    private Server server;
    private ManagedChannel channel;

    /** A Verbs service whose QueryDevice answers the name of its HCA and of the thread it ran on. */
    private static final class Echo extends VerbsGrpc.VerbsImplBase {
        private final String hca;

        Echo(String hca) {
            this.hca = hca;
        }

        @Override
        public void queryDevice(QueryDeviceRequest r, StreamObserver<DeviceAttr> out) {
            out.onNext(DeviceAttr.newBuilder()
                    .setNodeDesc(hca + " on " + Thread.currentThread().getName())
                    .build());
            out.onCompleted();
        }
    }

    @AfterEach
    void stop() throws InterruptedException {
        if (channel != null) {
            channel.shutdownNow();
        }
        if (server != null) {
            server.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        }
        loops.forEach(ExecutorService::shutdownNow);
    }

    @Test
    void eachCallRunsOnTheLoopOfTheHcaItsHeaderNames() throws IOException {
        serve("hca1", "hca2");
        assertEquals("hca1 on loop-hca1", query(stub("hca1")));
        assertEquals("hca2 on loop-hca2", query(stub("hca2")));
        assertEquals("hca1 on loop-hca1", query(stub("hca1")));
    }

    @Test
    void withSeveralHcasTheHeaderIsRequiredAndMustNameOne() throws IOException {
        serve("hca1", "hca2");
        expect(
                Status.Code.INVALID_ARGUMENT,
                "metadata header ibmesh-device is required: name the HCA, one of [hca1, hca2]",
                () -> query(stub(null)));
        expect(
                Status.Code.NOT_FOUND,
                "no HCA named 'hca3' (metadata header ibmesh-device); HCAs: [hca1, hca2]",
                () -> query(stub("hca3")));
    }

    @Test
    void withOneHcaTheHeaderIsOptionalButMustNameItWhenPresent() throws IOException {
        serve("hca1");
        assertEquals("hca1 on loop-hca1", query(stub(null)));
        assertEquals("hca1 on loop-hca1", query(stub("hca1")));
        expect(Status.Code.NOT_FOUND, "no HCA named 'hca2'", () -> query(stub("hca2")));
    }

    @Test
    void withoutHcasEveryCallIsNotFound() throws IOException {
        serve();
        expect(Status.Code.NOT_FOUND, "no HCA serves verbs here", () -> query(stub(null)));
    }

    private void serve(String... names) throws IOException {
        Map<String, VerbsRouter.Route> routes = new LinkedHashMap<>();
        for (String name : names) {
            ExecutorService loop = Executors.newSingleThreadExecutor(r -> new Thread(r, "loop-" + name));
            loops.add(loop);
            routes.put(name, new VerbsRouter.Route(new Echo(name), loop));
        }
        String address = "router-" + System.nanoTime();
        server = InProcessServerBuilder.forName(address)
                .addService(new VerbsRouter(routes))
                .build()
                .start();
        channel = InProcessChannelBuilder.forName(address).build();
    }

    private VerbsBlockingStub stub(String hca) {
        VerbsBlockingStub stub = VerbsGrpc.newBlockingStub(channel).withDeadlineAfter(10, TimeUnit.SECONDS);
        if (hca == null) {
            return stub;
        }
        Metadata headers = new Metadata();
        headers.put(VerbsRouter.DEVICE, hca);
        return stub.withInterceptors(MetadataUtils.newAttachHeadersInterceptor(headers));
    }

    private static String query(VerbsBlockingStub stub) {
        return stub.queryDevice(QueryDeviceRequest.getDefaultInstance()).getNodeDesc();
    }

    private static void expect(Status.Code code, String fragment, Runnable call) {
        StatusRuntimeException e = assertThrows(StatusRuntimeException.class, call::run);
        assertEquals(code, e.getStatus().getCode(), e.getStatus().toString());
        String d = e.getStatus().getDescription();
        assertTrue(d != null && d.contains(fragment), "description '" + d + "' lacks '" + fragment + "'");
    }
}
