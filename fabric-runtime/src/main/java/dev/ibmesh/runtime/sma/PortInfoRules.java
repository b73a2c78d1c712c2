package dev.ibmesh.runtime.sma;

import dev.ibmesh.mad.smp.PortInfo;
import java.util.function.BiFunction;
import java.util.function.ToIntFunction;

/**
 * The rules a SubnSet(PortInfo) goes through. {@link #SPEC} is the IBA's ({@link PortInfoSet}); a device started
 * with a deviation may use other rules, so that a conformance procedure can be shown to catch it.
 */
@FunctionalInterface
public interface PortInfoRules {
    PortInfoRules SPEC = PortInfoSet::apply;

    SetResult<PortInfo> apply(PortInfo current, PortInfo requested, PortContext port);

    /**
     * A deviation's rules: these rules for every component but one, whose requested value is taken whatever it is.
     *
     * @param component reads the component from a PortInfo
     * @param setter    sets it on a builder
     */
    default PortInfoRules takingAnyValueOf(
            ToIntFunction<PortInfo> component, BiFunction<PortInfo.Builder, Integer, PortInfo.Builder> setter) {
        return (current, requested, port) -> {
            PortInfo checked = setter.apply(requested.toBuilder(), component.applyAsInt(current))
                    .build();
            SetResult<PortInfo> r = apply(current, checked, port);
            if (!r.isValid()) {
                return r;
            }
            return SetResult.accepted(
                    setter.apply(r.attribute().toBuilder(), component.applyAsInt(requested))
                            .build(),
                    r.actions());
        };
    }
}
