package dev.ibmesh.runtime.sma;

import dev.ibmesh.mad.smp.LinearForwardingTable;
import dev.ibmesh.mad.smp.MulticastForwardingTable;
import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.mad.smp.SwitchInfo;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A 4-port switch for the SMA tests: LinearFDBCap 128 (2 blocks), MulticastFDBCap 64 (2 blocks),
 * PartitionEnforcementCap 32 (1 block per external port), PartitionCap 64 (2 blocks on port 0), base port 0 with
 * IsLEDInfoSupported and GUIDCap 8, external ports with VLArbitrationLow/HighCap 8 (parts 1 and 2 only).
 */
final class FakeSmaSwitch extends FakeSmaNode implements SmaSwitch {
    final Map<Integer, LinearForwardingTable> lft = new HashMap<>();
    final Map<List<Integer>, MulticastForwardingTable> mft = new HashMap<>();
    SwitchInfo switchInfo = new SwitchInfo(
            128, 0, 64, 0x0040, 1, 0xFF, 0xFF, 18, true, 0, 1, 32, true, true, false, false, false, 0, 0xC000);

    FakeSmaSwitch() {
        super(4);
        ports.put(
                0,
                PortInfo.builder()
                        .lid(0x0001)
                        .masterSmLid(0x0001)
                        .guidCap(8)
                        .respTimeValue(3)
                        .capabilityMask(PortInfo.CAP_IS_LED_INFO_SUPPORTED)
                        .build());
        for (int p = 1; p <= 4; p++) {
            ports.put(
                    p,
                    PortInfoFixture.current().toBuilder()
                            .lid(0)
                            .masterSmLid(0)
                            .localPortNum(p)
                            .vlArbitrationLowCap(8)
                            .vlArbitrationHighCap(8)
                            .build());
        }
    }

    @Override
    public int nodeType() {
        return SmaSwitch.super.nodeType();
    }

    @Override
    public SwitchInfo switchInfo() {
        return switchInfo;
    }

    @Override
    public void applySwitchInfo(SwitchInfo next) {
        switchInfo = next;
    }

    @Override
    public LinearForwardingTable linearForwardingTable(int block) {
        return lft.getOrDefault(block, new LinearForwardingTable(zeros(LinearForwardingTable.LIDS_PER_BLOCK)));
    }

    @Override
    public void setLinearForwardingTable(int block, LinearForwardingTable table) {
        lft.put(block, table);
    }

    @Override
    public MulticastForwardingTable multicastForwardingTable(int block, int position) {
        return mft.getOrDefault(
                List.of(block, position),
                new MulticastForwardingTable(zeros(MulticastForwardingTable.MLIDS_PER_BLOCK)));
    }

    @Override
    public void setMulticastForwardingTable(int block, int position, MulticastForwardingTable table) {
        mft.put(List.of(block, position), table);
    }
}
