package dev.ibmesh.tester.catalog.c14;

import static dev.ibmesh.tester.mad.PortInfos.writeBack;

import dev.ibmesh.mad.Method;
import dev.ibmesh.mad.smp.Notice;
import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.tester.engine.Cts;
import dev.ibmesh.tester.engine.DutKind;
import dev.ibmesh.tester.engine.Role;
import dev.ibmesh.tester.mad.MadExchange;

/**
 * 14.1.4.1 No M_Key checking when PortInfo:M_Key = 0 (IBA 14.2.4.1, C14-15): while the DUT's M_Key is 0, an SMP
 * carrying any M_Key passes the check. Sub-case .1 (NoMKEYSubnGet, steps 1-2): SubnGet(PortInfo) with an M_Key that
 * is not 0 is answered. Sub-case .2 (NoMKEYSubnSet, steps 3-4): SubnSet(PortInfo), writing back what the DUT holds,
 * with that M_Key is carried out and answered. Sub-case .3 (NoMKEYSubnTrap, steps 5-6): a SubnTrapRepress with that
 * M_Key is no violation. None of the three counts in M_KeyViolations.
 *
 * <p>The CTS's step text for this procedure is not public, only its purpose, coverage and sub-cases: the steps and
 * assertion numbers here are ibmesh's, after the compliance statement. A SubnTrapRepress is never answered
 * (o14-3.a4), so sub-case .3 sees the SMA's verdict in PortInfo:M_KeyViolations, which a failed check counts.
 */
@Cts(
        id = "C14_015",
        section = "14.1.4.1",
        title = "No M_Key checking when PortInfo:M_Key = 0: SubnGet, SubnSet and SubnTrapRepress with any M_Key",
        coverage = {"v1c14-015", "v1c14-025", "v1c14-028"},
        assertions = {"v1c14-015#01", "v1c14-015#02", "v1c14-015#03"},
        tester = Role.MAD_TESTER,
        dut = DutKind.NODE,
        provenBy = {"check-zero-m-key"})
public final class C14_015 extends MKeyProcedure {
    private static final String GET = "v1c14-015#01";
    private static final String SET = "v1c14-015#02";
    private static final String TRAP_REPRESS = "v1c14-015#03";
    /** Any M_Key other than 0. */
    private static final long ANY_M_KEY = 0x0123_4567_89AB_CDEFL;

    @Override
    protected void execute() {
        step(1, "SendMad (SubnGet(PortInfo where M_Key = 0x0123456789abcdef)) while the DUT's M_Key is 0");
        MadExchange get = get(GET, ANY_M_KEY);
        step(2, "ReceiveMad (SubnGetResp(PortInfo)); Verify Status 0, SMPData.M_Key == 0, M_KeyViolations unchanged");
        mad().verifyResponse(GET, get);
        check(GET, "MADHeader:Status.Code", 0, get.statusCode());
        PortInfo before = PortInfo.decode(get.smpData(), 0);
        check(GET, "SMPData.M_Key", hex(0), hex(before.mKey()));

        step(3, "SendMad (SubnSet(PortInfo where M_Key = 0x0123456789abcdef, the DUT's PortInfo written back))");
        MadExchange set = set(SET, writeBack(before), ANY_M_KEY);
        step(4, "ReceiveMad (SubnGetResp(PortInfo)); Verify Status 0 and M_KeyViolations unchanged");
        mad().verifyResponse(SET, set);
        check(SET, "MADHeader:Status.Code", 0, set.statusCode());
        check(
                SET,
                "SMPData.M_KeyViolations",
                before.mKeyViolations(),
                PortInfo.decode(set.smpData(), 0).mKeyViolations());

        step(5, "SendMad (SubnTrapRepress(Notice where M_Key = 0x0123456789abcdef)); the SMA answers none");
        mad().sendOnly(mad().directed(
                        Method.TRAP_REPRESS,
                        Notice.ATTRIBUTE_ID,
                        0,
                        ANY_M_KEY,
                        new byte[Notice.SMP_SIZE],
                        mad().pathToDut()));
        step(6, "SendMad (SubnGet(PortInfo where M_Key = 0)); Verify M_KeyViolations unchanged: no check failed");
        MadExchange after = get(TRAP_REPRESS, 0);
        check(TRAP_REPRESS, "MADHeader:Status.Code", 0, after.statusCode());
        check(
                TRAP_REPRESS,
                "SMPData.M_KeyViolations",
                before.mKeyViolations(),
                PortInfo.decode(after.smpData(), 0).mKeyViolations());
    }
}
