package dev.ibmesh.runtime.transport;

/**
 * Opens one stream of a dialled link: a gRPC Connect stream ({@link GrpcLinkOpener}) or a link straight to a device of
 * this JVM ({@link LocalLinks}). Called on the dialling device's event loop; the stream's events reach {@code listener}
 * there.
 */
@FunctionalInterface
public interface LinkOpener {
    DialedLink open(StreamListener listener);
}
