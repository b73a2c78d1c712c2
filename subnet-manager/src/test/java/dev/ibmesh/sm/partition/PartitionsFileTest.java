package dev.ibmesh.sm.partition;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.sm.partition.Partitions.Member;
import dev.ibmesh.sm.partition.Partitions.Membership;
import dev.ibmesh.sm.partition.Partitions.Partition;
import dev.ibmesh.sm.partition.Partitions.Who;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PartitionsFileTest {
    @Test
    void readsOpenSmsSyntaxWithTheDefaultPartitionFirst() {
        List<String> notes = new ArrayList<>();
        Partitions p = PartitionsFile.parse("""
                # storage first, on purpose: the default partition still comes first
                storage=0x8002, defmember=full : 0x0002c90300001234, 0x0002c90300005678=limited ;
                Default=0x7fff, ipoib : ALL=limited,
                    SELF=full ;   # a definition may span lines
                compute=3 : ALL_CAS=both, ALL_SWITCHES ;
                """, "p.conf", notes::add);

        assertEquals(
                List.of(
                        new Partition(
                                "Default",
                                0x7FFF,
                                List.of(
                                        new Member(Who.ALL, 0, Membership.LIMITED),
                                        new Member(Who.SELF, 0, Membership.FULL))),
                        new Partition(
                                "storage",
                                0x0002,
                                List.of(
                                        new Member(Who.GUID, 0x0002c90300001234L, Membership.FULL),
                                        new Member(Who.GUID, 0x0002c90300005678L, Membership.LIMITED))),
                        new Partition(
                                "compute",
                                3,
                                List.of(
                                        new Member(Who.ALL_CAS, 0, Membership.BOTH),
                                        new Member(Who.ALL_SWITCHES, 0, Membership.LIMITED)))),
                p.partitions());
        assertEquals(List.of("p.conf:3: flag 'ipoib' of partition Default passed over"), notes);
    }

    @Test
    void theExampleFileReads() {
        List<String> notes = new ArrayList<>();
        Partitions p = PartitionsFile.read(Path.of("..", "examples", "partitions.conf"), notes::add);

        assertEquals(
                List.of(0x7FFF, 0x0002),
                p.partitions().stream().map(Partition::base).toList());
        assertEquals(1, notes.size(), notes::toString); // its ipoib flag
    }

    @Test
    void aFileWithoutTheDefaultPartitionGetsOneWithEveryPortAFullMember() {
        Partitions p = PartitionsFile.parse("a=0x10 : ALL=full;", "p.conf", n -> {});

        assertEquals(
                new Partition("Default", 0x7FFF, List.of(new Member(Who.ALL, 0, Membership.FULL))),
                p.partitions().get(0));
        assertEquals(0x10, p.partitions().get(1).base());
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '"',
            value = {
                "a=0x10 : ALL                          | p.conf:1: a partition definition must end with ';'",
                "a=0x10 ALL ;                          | p.conf:1: 'a=0x10 ALL' has no ':' before its members",
                "a : ALL ;                             | p.conf:1: partition a needs a P_Key (NAME=0xKEY)",
                "a=0x0 : ALL ;                         | p.conf:1: partition a: P_Key 0x0000 is not 0x0001..0x7fff",
                "a=zz : ALL ;                          | p.conf:1: P_Key 'zz' is not a number",
                "a=1 : ALL=most ;                      | p.conf:1: membership 'most' is not full, limited or both",
                "a=1 : 0xqq ;                          | p.conf:1: port GUID '0xqq' is not a number",
                "a=1 : ALL ; b=0x8001 : ALL ;          | p.conf: P_Key 0x0001 is defined twice (b)",
                "Default=0x7fff : ALL ; Default : ALL; | p.conf: the default partition 0x7fff is defined twice",
            })
    void refusesWhatItCannotReadNamingTheLine(String text, String why) {
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> PartitionsFile.parse(text, "p.conf", n -> {}));
        assertEquals(why, e.getMessage());
    }

    @Test
    void namesTheLineOfADefinitionFurtherDown() {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> PartitionsFile.parse("Default=0x7fff : ALL ;\n\n# x\nbad=0x5 : ALL=nope ;\n", "p.conf", n -> {}));
        assertTrue(e.getMessage().startsWith("p.conf:4: "), e.getMessage());
    }
}
