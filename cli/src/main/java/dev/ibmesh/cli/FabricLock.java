package dev.ibmesh.cli;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.HexFormat;

/**
 * One {@code ibmesh up} per topology file on a host, as network emulators refuse to deploy a lab twice: a lock file in
 * the user's temporary directory, named by the topology's absolute path and held (an OS file lock) while the fabric
 * runs. The OS lets go of the lock when the process ends however it ends, so a killed fabric never blocks the next
 * start; a fabric that stops cleanly also deletes the file.
 */
final class FabricLock implements AutoCloseable {
    private final Path file;
    private final FileChannel channel;
    private final FileLock lock;

    private FabricLock(Path file, FileChannel channel, FileLock lock) {
        this.file = file;
        this.channel = channel;
        this.lock = lock;
    }

    /** Another process runs the fabric of this topology already. */
    static final class AlreadyRunning extends Exception {
        AlreadyRunning(String message) {
            super(message);
        }
    }

    /** Where the locks of this user's fabrics are. */
    static Path directory() {
        return Path.of(System.getProperty("java.io.tmpdir"), "ibmesh-" + System.getProperty("user.name"));
    }

    /** The lock file of {@code topology}'s fabric, or of its {@code part} ("shard 1/4"; "" for the whole). */
    static Path fileOf(Path topology, String part) {
        try {
            String key = topology.toAbsolutePath().normalize() + (part.isEmpty() ? "" : " " + part);
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8));
            return directory().resolve("up-" + HexFormat.of().formatHex(digest, 0, 8) + ".lock");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }

    /**
     * Takes the lock of {@code topology}'s fabric, or of its {@code part} ("" for the whole fabric): shards of one
     * fabric may share a host.
     *
     * @throws AlreadyRunning naming the process that holds it
     * @throws IOException    the lock file cannot be made
     */
    static FabricLock acquire(Path topology, String part) throws AlreadyRunning, IOException {
        Files.createDirectories(directory());
        Path file = fileOf(topology, part);
        FileChannel channel =
                FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
        FileLock lock;
        try {
            lock = channel.tryLock();
        } catch (OverlappingFileLockException sameJvm) {
            lock = null;
        }
        if (lock == null) {
            String holder = Files.readString(file, StandardCharsets.UTF_8).strip();
            channel.close();
            throw new AlreadyRunning("the fabric of " + topology + (part.isEmpty() ? "" : ", " + part)
                    + ", already runs here (" + holder
                    + "): stop it first, or copy the topology to run a second fabric");
        }
        channel.truncate(0);
        channel.write(ByteBuffer.wrap(("pid " + ProcessHandle.current().pid() + ", started " + Instant.now())
                .getBytes(StandardCharsets.UTF_8)));
        channel.force(true);
        return new FabricLock(file, channel, lock);
    }

    /** Deletes the file, then lets go of the lock. */
    @Override
    public void close() {
        try {
            Files.deleteIfExists(file);
            lock.release();
            channel.close();
        } catch (IOException e) {
            // The process ends anyway, and the OS lets go of the lock with it.
        }
    }
}
