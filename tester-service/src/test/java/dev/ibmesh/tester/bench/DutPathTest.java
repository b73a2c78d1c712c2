package dev.ibmesh.tester.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** infiniband-diags' {@code -D} notation for the route to the DUT, read strictly. */
class DutPathTest {

    @Test
    void theLeadingZeroIsTheTesterAndEachNumberAnOutputPort() {
        DutPath path = DutPath.parse("0,1,3");
        assertEquals(List.of(1, 3), path.ports());
        assertArrayEquals(new int[] {1, 3}, path.toArray());
        assertEquals(2, path.hops());
        assertFalse(path.isDirect());
        assertArrayEquals(new int[] {1}, path.prefix(1));
        assertArrayEquals(new int[0], path.prefix(0));
        assertEquals("0,1,3", path.toString());
    }

    @Test
    void zeroCommaPortIsTheSimpleLink() {
        assertEquals(DutPath.direct(1), DutPath.parse("0,1"));
        assertTrue(DutPath.parse("0,1").isDirect());
    }

    @Test
    void sixtyThreeHopsOfPort254AreTheMost() {
        String most = "0" + ",254".repeat(63);
        assertEquals(63, DutPath.parse(most).hops());
        assertEquals(most, DutPath.parse(most).toString());
        assertEquals(Collections.nCopies(63, 254), DutPath.parse(most).ports());
    }

    @ParameterizedTest(name = "''{0}''")
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '"',
            value = {
                "0|has no hops",
                "\"\"|is not a directed route",
                "1,2|is not a directed route",
                "0x0,1|is not a directed route",
                "0,1,|hop 2 is '', not a port number",
                "0,,1|hop 1 is '', not a port number",
                "0, 1|hop 1 is ' 1', not a port number",
                "0,-1|hop 1 is '-1', not a port number",
                "0,1,a|hop 2 is 'a', not a port number",
                "0,0x1|hop 1 is '0x1', not a port number",
                "0,1;3|hop 1 is '1;3', not a port number",
                "0,1000|hop 1 is '1000', not a port number",
                "0,255|a hop leaves through a port from 1 to 254, not 255",
                "0,1,0|a hop leaves through a port from 1 to 254, not 0"
            })
    void anythingElseIsRefusedWithTheReason(String text, String says) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> DutPath.parse(text));
        assertTrue(e.getMessage().contains(says), e.getMessage());
    }

    @Test
    void sixtyFourHopsAreTooMany() {
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> DutPath.parse("0" + ",1".repeat(64)));
        assertTrue(e.getMessage().contains("at most 63 hops"), e.getMessage());
    }
}
