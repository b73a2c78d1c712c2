package dev.ibmesh.runtime.umad;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class StaticUmadDirectoryTest {
    /** A port that only knows who it is. */
    private record NamedPort(String nodeName, int portNumber) implements UmadPort {
        @Override
        public long nodeGuid() {
            return 1;
        }

        @Override
        public long portGuid() {
            return 1 + portNumber;
        }

        @Override
        public io.vertx.core.Future<byte[]> nodeInfo() {
            throw new UnsupportedOperationException();
        }

        @Override
        public io.vertx.core.Future<byte[]> portInfo(int port) {
            throw new UnsupportedOperationException();
        }

        @Override
        public io.vertx.core.Future<byte[]> pKeyTable() {
            throw new UnsupportedOperationException();
        }

        @Override
        public io.vertx.core.Future<Void> setIsSm(boolean isSm) {
            throw new UnsupportedOperationException();
        }

        @Override
        public io.vertx.core.Future<Void> send(UmadMad mad) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void attach(UmadSink sink) {}

        @Override
        public void detach() {}
    }

    private final NamedPort sw0 = new NamedPort("spine1", 0);
    private final NamedPort hca1 = new NamedPort("hca1", 1);
    private final NamedPort hca2 = new NamedPort("hca1", 2);
    private final StaticUmadDirectory directory = StaticUmadDirectory.builder()
            .add("spine1", "MF0;spine1:SX6036/U1", List.of(sw0))
            .add("hca1", "hca1 HCA-1", List.of(hca1, hca2))
            .build();

    @Test
    void noNameMeansTheFirstPortOfTheFirstDevice() {
        assertSame(sw0, directory.resolve("").orElseThrow());
    }

    @Test
    void aDeviceNameMeansItsFirstPort() {
        assertSame(sw0, directory.resolve("spine1").orElseThrow());
        assertSame(hca1, directory.resolve("hca1").orElseThrow());
    }

    @Test
    void aNodeDescriptionWorksToo() {
        assertSame(sw0, directory.resolve("MF0;spine1:SX6036/U1").orElseThrow());
        assertSame(hca1, directory.resolve("hca1 HCA-1").orElseThrow());
    }

    @Test
    void nameAtPortPicksAnotherPort() {
        assertSame(hca2, directory.resolve("hca1@2").orElseThrow());
        assertSame(hca1, directory.resolve("hca1@1").orElseThrow());
        assertSame(sw0, directory.resolve("spine1@0").orElseThrow());
        assertEquals(Optional.empty(), directory.resolve("hca1@3"));
        assertEquals(Optional.empty(), directory.resolve("hca1@x"));
        assertEquals(Optional.empty(), directory.resolve("hca1@"));
        assertEquals(Optional.empty(), directory.resolve("@1"));
    }

    @Test
    void namesAreExact() {
        assertTrue(directory.resolve("HCA1").isEmpty());
        assertTrue(directory.resolve("hca").isEmpty());
        assertTrue(directory.resolve("nobody").isEmpty());
    }

    @Test
    void anEmptyDirectoryHasNoDefault() {
        assertTrue(StaticUmadDirectory.builder().build().resolve("").isEmpty());
    }

    @Test
    void badEntriesAreRefused() {
        StaticUmadDirectory.Builder b = StaticUmadDirectory.builder().add("a", null, List.of(hca1));
        assertThrows(IllegalArgumentException.class, () -> b.add("a", null, List.of(hca2)));
        assertThrows(IllegalArgumentException.class, () -> b.add("b", null, List.of()));
        assertThrows(IllegalArgumentException.class, () -> b.add("c@1", null, List.of(hca2)));
        assertThrows(IllegalArgumentException.class, () -> b.add("", null, List.of(hca2)));
    }
}
