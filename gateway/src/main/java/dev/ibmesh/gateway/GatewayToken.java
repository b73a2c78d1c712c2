package dev.ibmesh.gateway;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * Where a gateway's token comes from, on both ends: the environment variable {@value #VARIABLE} (a Kubernetes Secret
 * as an env var), else the file {@value #FILE_VARIABLE} names (a mounted Secret). Never a command-line argument,
 * which every user of the host can read in the process list.
 */
public final class GatewayToken {
    public static final String VARIABLE = "IBMESH_GATEWAY_TOKEN";
    public static final String FILE_VARIABLE = "IBMESH_GATEWAY_TOKEN_FILE";

    private GatewayToken() {}

    /**
     * The token the environment gives, if any.
     *
     * @throws IllegalArgumentException when {@value #FILE_VARIABLE} names a file that cannot be read or is empty
     */
    public static Optional<String> fromEnvironment(Map<String, String> env) {
        String direct = env.get(VARIABLE);
        if (direct != null && !direct.isBlank()) {
            return Optional.of(checked(direct.strip(), VARIABLE));
        }
        String file = env.get(FILE_VARIABLE);
        return file == null || file.isBlank() ? Optional.empty() : Optional.of(fromFile(Path.of(file)));
    }

    /**
     * The token in {@code file}, without surrounding white space.
     *
     * @throws IllegalArgumentException when the file cannot be read or holds nothing
     */
    public static String fromFile(Path file) {
        String token;
        try {
            token = Files.readString(file, StandardCharsets.UTF_8).strip();
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read the gateway token file " + file + ": " + e.getMessage(), e);
        }
        if (token.isEmpty()) {
            throw new IllegalArgumentException("the gateway token file " + file + " is empty");
        }
        return checked(token, file.toString());
    }

    /** A token travels in a gRPC header: printable ASCII, no spaces. */
    private static String checked(String token, String source) {
        if (!token.chars().allMatch(c -> c > 0x20 && c < 0x7F)) {
            throw new IllegalArgumentException(
                    "the gateway token from " + source + " must be printable ASCII without spaces");
        }
        return token;
    }
}
