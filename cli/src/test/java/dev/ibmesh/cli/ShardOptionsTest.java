package dev.ibmesh.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Wrong use of {@code ibmesh up}'s shard options is refused before anything starts, saying what is wrong. */
class ShardOptionsTest {
    private static final String FABRIC =
            Path.of("../examples/topologies/two-switches-four-hcas.yaml").toString();

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "--shard 2/2 --shard-addresses a:1,b:2 | K must be 0..1 for N = 2",
                "--shard two | --shard must be K/N",
                "--shard 0/2 | needs --shard-addresses",
                "--shard 0/2 --shard-addresses a:1,b:2,c:3 | gives 3 address(es) for 2 shards",
                "--shard 0/3 --shard-addresses a:1,b:2,c:3 | shard 1 of 3 would be empty",
                "--shard 0/2 --shard-addresses a:1,b | 'b' is not host:port",
                "--shard 0/7 --shard-addresses h{k}:7100 | the number of shards must be 1..6",
                "--shard-addresses a:1,b:2 | need --shard K/N or --shard-slice",
                "--shard-slice | --shard-slice needs --shard-listen",
                "--shard-slice --shard-listen 0.0.0.0:7100 | every device of the slice has a listen address",
                "--shard-slice --shard 0/2 --shard-listen 0.0.0.0:7100 | no --shard or --shard-addresses with it"
            })
    void wrongShardOptionsAreNamed(String options, String message) {
        String[] args = ("up " + FABRIC + " --http 0 --grpc 0 --no-umad " + options).split(" ");
        CliRun run = CliRun.of(args);
        assertEquals(Ibmesh.EXIT_BAD_INPUT, run.exit(), run.out() + run.err());
        assertTrue(run.err().contains(message), run.err());
    }
}
