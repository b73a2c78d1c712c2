package dev.ibmesh.runtime.port;

import dev.ibmesh.runtime.link.Blocks;
import dev.ibmesh.wire.Mtu;

/**
 * The fixed properties of a port, from the topology: what its physical layer supports and enables, its VLCap and
 * MTUCap, and its buffer sizes.
 *
 * @param linkWidthSupported   PortInfo LinkWidth bits (1 = 1x, 2 = 4x, 4 = 8x, 8 = 12x, 16 = 2x)
 * @param linkSpeedSupported   PortInfo LinkSpeed bits (1 SDR, 2 DDR, 4 QDR)
 * @param linkSpeedExtSupported PortInfo LinkSpeedExt bits (1 FDR, 2 EDR, 4 HDR, 8 NDR), 0 for none
 * @param vlCap                PortInfo.VLCap code: 1 VL0, 2 VL0-1, 3 VL0-3, 4 VL0-7, 5 VL0-14
 * @param bufferBlocksPerVl    receive buffer per data VL in 64-byte blocks (what the port advertises as credit)
 * @param vl15BufferPackets    SMPs the VL15 receive buffer holds; VL15 is not flow controlled, a full buffer drops
 * @param queuePacketsPerVl    transmit queue per VL in packets; a full queue discards (PortXmitDiscards)
 */
public record PortConfig(
        int number,
        int linkWidthSupported,
        int linkWidthEnabled,
        int linkSpeedSupported,
        int linkSpeedEnabled,
        int linkSpeedExtSupported,
        int linkSpeedExtEnabled,
        int vlCap,
        Mtu mtuCap,
        int bufferBlocksPerVl,
        int vl15BufferPackets,
        int queuePacketsPerVl) {
    /** 2048 blocks (128 KiB): as much credit as one flow-control packet can advertise (FCCL - ABR is at most 2048). */
    public static final int DEFAULT_BUFFER_BLOCKS_PER_VL = 2048;

    public static final int DEFAULT_VL15_BUFFER_PACKETS = 32;
    public static final int DEFAULT_QUEUE_PACKETS_PER_VL = 1024;

    public PortConfig {
        if (number < 0 || number > 254) {
            throw new IllegalArgumentException("port number must be 0..254, was " + number);
        }
        if (vlCap < 1 || vlCap > 5) {
            throw new IllegalArgumentException("VLCap code must be 1..5, was " + vlCap);
        }
        if (bufferBlocksPerVl < Blocks.LARGEST_PACKET || bufferBlocksPerVl > 4095) {
            // 66 blocks hold the largest packet (Blocks.LARGEST_PACKET); FCTBS and FCCL count modulo 4096.
            throw new IllegalArgumentException("buffer per VL must be 66..4095 blocks, was " + bufferBlocksPerVl);
        }
        if (vl15BufferPackets < 1 || queuePacketsPerVl < 1) {
            throw new IllegalArgumentException("buffers must hold at least one packet");
        }
    }

    /** A 4x QDR port with VL0-7 and a 4096-byte MTU, the usual defaults. */
    public static PortConfig defaults(int number) {
        return new PortConfig(
                number,
                3,
                3,
                7,
                7,
                0,
                0,
                4,
                Mtu.MTU_4096,
                DEFAULT_BUFFER_BLOCKS_PER_VL,
                DEFAULT_VL15_BUFFER_PACKETS,
                DEFAULT_QUEUE_PACKETS_PER_VL);
    }

    /** The number of data VLs the VLCap code allows: 1, 2, 4, 8 or 15. */
    public int dataVls() {
        return vlCap == 5 ? 15 : 1 << (vlCap - 1);
    }
}
