package dev.ibmesh.runtime.topology;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/** Garbage in, only TopologyException out: no other exception, no partial result. */
class TopologyFuzzTest {
    private static final int ROUNDS = 1000;
    private static final List<String> FRAGMENTS = List.of(
            "devices:",
            "links:",
            "  - ",
            "{",
            "}",
            "[",
            "]",
            ":",
            ",",
            "name: sw1",
            "kind: switch",
            "kind: hca",
            "ports: 8",
            "ports: -1",
            "ports: 99999999999",
            "ends: [sw1/1, ",
            "h1/1]",
            "overrides:",
            "linkWidthEnabled: ",
            "4x",
            "12x",
            "none",
            "vlCap: 9",
            "mtuCap: 4096",
            "&a",
            "*a",
            "!!binary",
            "---",
            "...",
            "\"",
            "'",
            "#",
            "\t",
            "\n",
            "\n\n",
            "Switch\t",
            "Ca\t2 ",
            "Hca 1 ",
            "Rt 1 ",
            "\"S-1\"",
            "\"H-1\"",
            "[1]",
            "[0]",
            "[255]",
            "(2c9)",
            "# \"d\" lid 1 4xQDR",
            "lid 2 99xZZZ",
            "w=3",
            "s=0",
            "e=15",
            "w=0xFFFFFFFF",
            "switchguid=0x1(2)",
            "caguid+5",
            "sysimgguid=18446744073709551615",
            "width=3",
            "@alias",
            "include \"x\"",
            "0x",
            "\u0000",
            "\uFFFD",
            "é",
            "\r\n");

    private static void onlyTopologyException(String text, Executable parse) {
        try {
            parse.execute();
        } catch (TopologyException expected) {
            // a rejection, as it should be
        } catch (Throwable t) {
            fail("input " + text.replace("\n", "\\n") + " threw " + t, t);
        }
    }

    private static void bothParsers(String text) {
        onlyTopologyException(text, () -> new YamlTopologyParser(DeviationCatalog.PERMISSIVE).parse("f.yaml", text));
        onlyTopologyException(text, () -> new NetTopologyParser().parse("f.net", text));
    }

    @Test
    void randomBytes() {
        Random random = new Random(1);
        for (int i = 0; i < ROUNDS; i++) {
            byte[] bytes = new byte[random.nextInt(200)];
            random.nextBytes(bytes);
            bothParsers(new String(bytes, StandardCharsets.UTF_8));
        }
    }

    @Test
    void garbageMadeOfFragments() {
        Random random = new Random(2);
        for (int i = 0; i < ROUNDS; i++) {
            StringBuilder text = new StringBuilder();
            for (int n = random.nextInt(40); n > 0; n--) {
                text.append(FRAGMENTS.get(random.nextInt(FRAGMENTS.size())));
                if (random.nextInt(4) == 0) {
                    text.append('\n');
                }
            }
            bothParsers(text.toString());
        }
    }

    @Test
    void damagedValidFiles() throws IOException {
        Random random = new Random(3);
        List<String> files = List.of(
                Files.readString(TopologyFiles.resource("full.yaml")),
                Files.readString(TopologyFiles.resource("ibnetdiscover-2sw4hca.net")),
                Files.readString(TopologyFiles.example("two-switches-four-hcas.yaml")));
        for (int i = 0; i < ROUNDS; i++) {
            StringBuilder text = new StringBuilder(files.get(random.nextInt(files.size())));
            for (int n = 1 + random.nextInt(5); n > 0; n--) {
                int at = random.nextInt(text.length());
                switch (random.nextInt(3)) {
                    case 0 -> text.deleteCharAt(at);
                    case 1 -> text.insert(at, FRAGMENTS.get(random.nextInt(FRAGMENTS.size())));
                    default -> text.setCharAt(at, (char) (32 + random.nextInt(95)));
                }
            }
            bothParsers(text.toString());
        }
    }
}
