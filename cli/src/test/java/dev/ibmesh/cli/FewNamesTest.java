package dev.ibmesh.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** The list of HCAs `ibmesh up` prints stays one readable line on a fabric of hundreds. */
class FewNamesTest {
    @Test
    void eightNamesArePrintedInFull() {
        List<String> eight = IntStream.rangeClosed(1, 8).mapToObj(i -> "h" + i).toList();
        assertEquals("h1, h2, h3, h4, h5, h6, h7, h8", ServiceRunner.fewNames(eight));
    }

    @Test
    void moreAreCutToFourAndACount() {
        List<String> many = IntStream.rangeClosed(1, 648).mapToObj(i -> "h" + i).toList();
        assertEquals("h1, h2, h3, h4 and 644 more (ibmesh fabric ls lists them)", ServiceRunner.fewNames(many));
    }
}
