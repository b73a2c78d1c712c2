package dev.ibmesh.runtime.sma;

import dev.ibmesh.mad.smp.PortInfo;

/**
 * The rules a SubnSet(PortInfo) goes through. {@link #SPEC} is the IBA's ({@link PortInfoSet}); a device started
 * with a deviation may use other rules, so that a conformance procedure can be shown to catch it.
 */
@FunctionalInterface
public interface PortInfoRules {
    PortInfoRules SPEC = PortInfoSet::apply;

    SetResult<PortInfo> apply(PortInfo current, PortInfo requested, PortContext port);
}
