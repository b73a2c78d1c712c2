package dev.ibmesh.text;

import java.util.List;
import java.util.Set;

/**
 * What a trace decoder says about one frame.
 *
 * @param summary one line: addressing, opcode, QP, PSN, and for a MAD its class, method, attribute, modifier,
 *                status and TID
 * @param defects what is wrong with the frame (empty for a good one)
 * @param details one line per header or layout with every field, for the verbose view
 */
public record FrameDescription(String summary, Set<Defect> defects, List<String> details) {
    public FrameDescription {
        defects = Set.copyOf(defects);
        details = List.copyOf(details);
    }
}
