package dev.ibmesh.tester.report;

import dev.ibmesh.tester.engine.Configuration;
import dev.ibmesh.tester.engine.ProcedureResult;
import dev.ibmesh.tester.engine.RunItem;
import java.util.Comparator;
import java.util.List;

/**
 * Catalog order for results, whatever order the runs finished in: by procedure ID (as the catalog lists them), then
 * by the configuration's place in the procedure's matrix, then by DUT kind. Every report lists results this way.
 */
final class ResultOrder {
    static final Comparator<RunItem> ITEMS = Comparator.comparing(
                    (RunItem i) -> i.procedure().id())
            .thenComparingInt(ResultOrder::matrixIndex)
            .thenComparing(i -> i.configuration().label())
            .thenComparing(RunItem::dutKind);

    static final Comparator<ProcedureResult> RESULTS = Comparator.comparing(ProcedureResult::item, ITEMS);

    private ResultOrder() {}

    static List<ProcedureResult> sorted(List<ProcedureResult> results) {
        return results.stream().sorted(RESULTS).toList();
    }

    /** Where the configuration stands in the procedure's matrix; after all of them when it is not there. */
    private static int matrixIndex(RunItem item) {
        List<Configuration> matrix = item.procedure().matrix();
        int i = matrix.indexOf(item.configuration());
        return i < 0 ? matrix.size() : i;
    }
}
