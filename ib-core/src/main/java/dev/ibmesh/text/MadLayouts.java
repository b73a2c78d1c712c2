package dev.ibmesh.text;

import dev.ibmesh.mad.DrSmp;
import dev.ibmesh.mad.Mad;
import dev.ibmesh.mad.decode.MadDecoder;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** Verbose lines for the class-specific layout of a MAD and, where a codec exists, its attribute. */
final class MadLayouts {
    private MadLayouts() {}

    static List<String> describe(Mad mad) {
        List<String> lines = new ArrayList<>();
        byte[] bytes = mad.toBytes();
        if (!(MadDecoder.decode(bytes, 0, bytes.length) instanceof MadDecoder.Decoded decoded)) {
            return lines;
        }
        Record layout = decoded.mad().layout();
        if (layout instanceof DrSmp dr) {
            lines.add(String.format(
                    "DR-SMP mKey=0x%016X D=%d status=0x%04X hopPointer=%d hopCount=%d drSlid=0x%04X "
                            + "drDlid=0x%04X initialPath=%s returnPath=%s",
                    dr.mKey(),
                    dr.direction() ? 1 : 0,
                    dr.status(),
                    dr.hopPointer(),
                    dr.hopCount(),
                    dr.drSlid(),
                    dr.drDlid(),
                    path(dr.initialPath(), dr.hopCount()),
                    path(dr.returnPath(), dr.hopCount())));
        } else if (layout != null) {
            lines.add(layout.getClass().getSimpleName() + " " + FieldDump.of(layout, Set.of("header", "data")));
        }
        if (decoded.mad().attribute() instanceof Record attribute) {
            lines.add(attribute.getClass().getSimpleName() + " " + FieldDump.of(attribute));
        }
        return lines;
    }

    /** Entries 1..hopCount of a DR path, the ones that mean anything. */
    private static String path(byte[] entries, int hopCount) {
        StringBuilder s = new StringBuilder("[");
        for (int i = 1; i <= Math.min(hopCount, 63); i++) {
            s.append(i > 1 ? "," : "").append(entries[i] & 0xFF);
        }
        return s.append(']').toString();
    }
}
