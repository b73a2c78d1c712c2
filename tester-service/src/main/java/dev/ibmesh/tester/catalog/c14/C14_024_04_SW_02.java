package dev.ibmesh.tester.catalog.c14;

import dev.ibmesh.mad.smp.SwitchInfo;
import dev.ibmesh.tester.engine.Cts;
import dev.ibmesh.tester.engine.DutKind;
import dev.ibmesh.tester.engine.Role;
import dev.ibmesh.tester.mad.MadExchange;
import java.util.Arrays;

/**
 * 24.1.5.11.2 SwitchInfo, read-write components part 1 (IBA 14.2.5.4, C14-24, C13-24): a SubnSet(SwitchInfo) writes
 * LinearFDBTop, DefaultPort, DefaultMulticastPrimaryPort, DefaultMulticastNotPrimaryPort and LifeTimeValue, each read
 * back as written; a LinearFDBTop at or above LinearFDBCap is illegal ("a valid LinearFDBTop is less than
 * LinearFDBCap"): status 7, SwitchInfo unchanged.
 *
 * <p>The CTS text of this procedure is not public; its title is. The steps are ibmesh's: one component at a time, each
 * Set carrying the SwitchInfo as the previous Get read it with PortStateChange 0 (ignored on Set). The legal values
 * are another port of the switch for the port components, the next value for LifeTimeValue, LinearFDBTop + 1 (below
 * LinearFDBCap) for LinearFDBTop. A switch without a linear table (LinearFDBCap 0) ignores LinearFDBTop: steps 3-10
 * are skipped there. Everything goes back in the cleanup.
 */
@Cts(
        id = "C14_024_04_SW_02",
        section = "24.1.5.11.2",
        title = "SwitchInfo read-write components, part 1",
        coverage = {"v1c14-024.1.1", "v1c13-024"},
        assertions = {"v1c14-024.1.1#04.01", "v1c14-024.1.1#04.03", "v1c13-024#07"},
        tester = Role.MAD_TESTER,
        dut = DutKind.SWITCH,
        provenBy = {"accept-linear-fdb-top-beyond-cap"})
public final class C14_024_04_SW_02 extends AttributeProcedure {
    private static final String GET = "v1c14-024.1.1#04.01";
    private static final String SET = "v1c14-024.1.1#04.03";
    private static final String NAME = "SwitchInfo";
    private static final Component LINEAR_FDB_TOP = new Component("LinearFDBTop", 48, 16);
    private static final Component PORT_STATE_CHANGE = new Component("PortStateChange", 93, 1);
    private static final Component[] PORTS = {
        new Component("DefaultPort", 64, 8),
        new Component("DefaultMulticastPrimaryPort", 72, 8),
        new Component("DefaultMulticastNotPrimaryPort", 80, 8)
    };
    private static final Component LIFE_TIME_VALUE = new Component("LifeTimeValue", 88, 5);

    @Override
    protected void execute() {
        MadExchange get = get(1, GET, SwitchInfo.ATTRIBUTE_ID, NAME, 0);
        status(GET, 0, get);
        SwitchInfo read = SwitchInfo.decode(get.smpData(), 0);
        byte[] data = PORT_STATE_CHANGE.with(read.toBytes(), 0);
        restoreLater(SwitchInfo.ATTRIBUTE_ID, 0, data);

        int cap = read.linearFdbCap();
        if (cap == 0) {
            skip(3, 10, "LinearFDBCap = 0: the switch has no linear forwarding table and ignores LinearFDBTop");
        } else {
            data = write(3, data, LINEAR_FDB_TOP, Math.min(read.linearFdbTop() + 1, cap - 1), 0);
            data = write(7, data, LINEAR_FDB_TOP, cap, CODE_INVALID);
        }
        int step = 11;
        int numPorts = nodeInfo().numPorts();
        for (Component port : PORTS) {
            data = write(step, data, port, port.value(data) % numPorts + 1, 0);
            step += 4;
        }
        write(step, data, LIFE_TIME_VALUE, (LIFE_TIME_VALUE.value(data) + 1) % 32, 0);
    }

    /** Steps {@code first} to {@code first + 3} for one component; the SwitchInfo to write next. */
    private byte[] write(int first, byte[] data, Component component, long value, int code) {
        byte[] now = writeComponent(first, SET, SwitchInfo.ATTRIBUTE_ID, NAME, 0, data, component, value, code);
        return PORT_STATE_CHANGE.with(Arrays.copyOf(now, SwitchInfo.SIZE), 0);
    }
}
