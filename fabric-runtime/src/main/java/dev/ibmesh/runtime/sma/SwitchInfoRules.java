package dev.ibmesh.runtime.sma;

import dev.ibmesh.mad.smp.SwitchInfo;

/**
 * The rules a SubnSet(SwitchInfo) goes through. {@link #SPEC} is the IBA's ({@link SwitchInfoSet}); a switch started
 * with a deviation may use other rules, so that a conformance procedure can be shown to catch it.
 */
@FunctionalInterface
public interface SwitchInfoRules {
    SwitchInfoRules SPEC = SwitchInfoSet::apply;

    SetResult<SwitchInfo> apply(SwitchInfo current, SwitchInfo requested, SwitchContext sw);
}
