package dev.ibmesh.runtime.port;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ibmesh.proto.link.v1.PhyState;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The width/speed negotiation table. Widths: 1 = 1x, 16 = 2x, 2 = 4x, 4 = 8x, 8 = 12x; speeds SDR 1, DDR 2, QDR 4. */
class LinkTrainingTest {
    @ParameterizedTest(name = "{0}")
    @CsvSource({
        // case, A width sup/en, B width sup/en, A speed sup/en, B speed sup/en, A ext sup/en, B ext sup/en, trained,
        // width, speed, ext
        "both 4x QDR,               3,3,     3,3,     7,7, 7,7, 0,0, 0,0, true, 2, 4, 0",
        "4x meets 1x-only,          3,3,     1,1,     7,7, 7,7, 0,0, 0,0, true, 1, 4, 0",
        "12x meets 4x,              11,11,   3,3,     7,7, 7,7, 0,0, 0,0, true, 2, 4, 0",
        "2x is between 1x and 4x,   19,17,   31,31,   7,7, 7,7, 0,0, 0,0, true, 16, 4, 0",
        "enabled limits supported,  3,1,     3,3,     7,7, 7,7, 0,0, 0,0, true, 1, 4, 0",
        "speed: QDR meets DDR,      3,3,     3,3,     7,7, 3,3, 0,0, 0,0, true, 2, 2, 0",
        "speed enabled SDR only,    3,3,     3,3,     7,1, 7,7, 0,0, 0,0, true, 2, 1, 0",
        "EDR when both enable it,   3,3,     3,3,     7,7, 7,7, 3,3, 7,3, true, 2, 4, 2",
        "FDR when one lacks EDR,    3,3,     3,3,     7,7, 7,7, 3,3, 1,1, true, 2, 4, 1",
        "no ext when one has none,  3,3,     3,3,     7,7, 7,7, 3,3, 0,0, true, 2, 4, 0",
        "no common width,           2,2,     1,1,     7,7, 7,7, 0,0, 0,0, false, 0, 0, 0",
        "no common speed,           3,3,     3,3,     4,4, 3,3, 0,0, 0,0, false, 0, 0, 0",
        "width disabled,            3,0,     3,3,     7,7, 7,7, 0,0, 0,0, false, 0, 0, 0",
    })
    void negotiates(
            String name,
            int aws,
            int awe,
            int bws,
            int bwe,
            int ass,
            int ase,
            int bss,
            int bse,
            int axs,
            int axe,
            int bxs,
            int bxe,
            boolean trained,
            int width,
            int speed,
            int ext) {
        PhyState a = phy(aws, awe, ass, ase, axs, axe);
        PhyState b = phy(bws, bwe, bss, bse, bxs, bxe);
        TrainedLink r = LinkTraining.negotiate(a, b);
        assertEquals(new TrainedLink(width, speed, ext), r);
        assertEquals(trained, r.trained());
        assertEquals(r, LinkTraining.negotiate(b, a), "symmetric");
    }

    private static PhyState phy(int ws, int we, int ss, int se, int xs, int xe) {
        return PhyState.newBuilder()
                .setLinkWidthSupported(ws)
                .setLinkWidthEnabled(we)
                .setLinkSpeedSupported(ss)
                .setLinkSpeedEnabled(se)
                .setLinkSpeedExtSupported(xs)
                .setLinkSpeedExtEnabled(xe)
                .setLinkUp(true)
                .build();
    }
}
