package dev.ibmesh.runtime.umad;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every message kind against bytes laid out by hand from ibsim's {@code include/ibsim.h}, and against datagrams
 * captured on loopback between ibsim 0.10 ({@code ibsim -s -r -l 17070 net}) and umad2sim running
 * {@code smpquery -D nodeinfo 0} with {@code SIM_HOST=Hca1}.
 */
class SimCodecTest {
    private static final HexFormat HEX = HexFormat.of();

    private static byte[] hex(String s) {
        return HEX.parseHex(s.replace(" ", ""));
    }

    private static byte[] pad(byte[] b, int size) {
        return Arrays.copyOf(b, size);
    }

    /** Frame 1 of the capture: umad2sim's CONNECT, data port 0xC137 = 49463, SIM_HOST "Hca1". */
    private static final byte[] CAPTURED_CONNECT =
            pad(hex("efbeadde 00000000 01000000 2c000000 37c10000 00000000 00000000 48636131"), SimCtl.SIZE);
    /** Frame 4: ibsim's GET_VENDOR reply (hw_ver 0xA1, fw_ver 1). */
    private static final byte[] CAPTURED_VENDOR_REPLY = pad(
            hex("efbeadde 00000000 04000000 18000000 00000000 00000000 a1000000 00000000 01000000 00000000"),
            SimCtl.SIZE);

    // ---- SimCtl ----

    @Test
    void controlHeaderIsLittleEndianWithTheMagicFirst() throws Exception {
        SimCtl ctl = SimCtl.decode(CAPTURED_CONNECT);
        assertEquals(SimCtl.MAGIC, ctl.magic());
        assertEquals(0, ctl.clientId());
        assertEquals(SimCtlType.CONNECT, ctl.type());
        assertEquals(44, ctl.len());
        assertArrayEquals(CAPTURED_CONNECT, ctl.encode());
    }

    @Test
    void controlRoundTripKeepsEveryField() throws Exception {
        byte[] data = new byte[64];
        for (int i = 0; i < 64; i++) {
            data[i] = (byte) (i + 1);
        }
        SimCtl ctl = SimCtl.of(7, SimCtlType.GET_PKEYS, data, 64);
        byte[] b = ctl.encode();
        assertEquals(80, b.length);
        assertArrayEquals(hex("efbeadde 07000000 0a000000 40000000"), Arrays.copyOf(b, 16));
        assertArrayEquals(data, Arrays.copyOfRange(b, 16, 80));
        assertEquals(ctl, SimCtl.decode(b));
    }

    @Test
    void theErrorReplyEchoesTheRequestWithTypeZero() throws Exception {
        SimCtl request = SimCtl.decode(CAPTURED_CONNECT);
        byte[] error = request.error().encode();
        byte[] expected = CAPTURED_CONNECT.clone();
        expected[8] = 0; // type
        assertArrayEquals(expected, error);
    }

    @Test
    void aShortDatagramHasNoHeaderToAnswer() {
        SimProtocolException e = assertThrows(SimProtocolException.class, () -> SimCtl.decode(new byte[15]));
        assertEquals(SimReject.TRUNCATED_HEADER, e.reason());
    }

    @Test
    void aWrongMagicIsNotThisProtocol() {
        byte[] b = CAPTURED_CONNECT.clone();
        b[0] = 0x78;
        SimProtocolException e = assertThrows(SimProtocolException.class, () -> SimCtl.decode(b));
        assertEquals(SimReject.BAD_MAGIC, e.reason());
    }

    @ParameterizedTest
    @ValueSource(ints = {16, 40, 79, 81, 100})
    void aControlMessageIsExactly80Bytes(int size) throws Exception {
        byte[] b = Arrays.copyOf(CAPTURED_CONNECT, size);
        SimProtocolException e = assertThrows(SimProtocolException.class, () -> SimCtl.decode(b));
        assertEquals(SimReject.BAD_SIZE, e.reason());
        assertEquals(SimCtlType.CONNECT, SimCtl.decodeLenient(b).type(), "the header is still readable for the reply");
    }

    @Test
    void lenAbove64IsRefused() {
        byte[] b = CAPTURED_CONNECT.clone();
        b[12] = 65;
        SimProtocolException e = assertThrows(SimProtocolException.class, () -> SimCtl.decode(b));
        assertEquals(SimReject.BAD_LENGTH, e.reason());
        b[12] = 0;
        b[15] = (byte) 0x80; // 0x80000000 unsigned, not negative
        assertEquals(
                SimReject.BAD_LENGTH,
                assertThrows(SimProtocolException.class, () -> SimCtl.decode(b)).reason());
    }

    @Test
    void typesAreKnownUpToGetPKeys() {
        for (int t = 1; t <= 10; t++) {
            assertTrue(SimCtlType.isRequest(t), SimCtlType.name(t));
        }
        assertFalse(SimCtlType.isRequest(SimCtlType.ERROR));
        assertFalse(SimCtlType.isRequest(11));
        assertFalse(SimCtlType.isRequest(-1));
        assertEquals("GET_PKEYS", SimCtlType.name(10));
        assertEquals("UNKNOWN(4294967295)", SimCtlType.name(-1));
    }

    // ---- payloads ----

    @Test
    void clientInfoOfTheCapturedConnect() throws Exception {
        SimClientInfo info =
                SimClientInfo.decode(SimCtl.decode(CAPTURED_CONNECT).data());
        assertEquals(new SimClientInfo(49463, 0, 0, "Hca1"), info);
        assertArrayEquals(Arrays.copyOfRange(CAPTURED_CONNECT, 16, 16 + 44), info.encode());
    }

    @Test
    void clientInfoReplyLayout() {
        byte[] b = new SimClientInfo(3, 0, 1, "leaf1").encode();
        assertArrayEquals(pad(hex("03000000 00000000 01000000 6c65616631"), 44), b);
    }

    @Test
    void aNodeIdFillsAtMost31BytesAndStopsAtNul() {
        byte[] data = new byte[64];
        Arrays.fill(data, 12, 12 + 32, (byte) 'x'); // no NUL in the 32 bytes
        assertEquals("x".repeat(31), SimClientInfo.decode(data).nodeId());
        assertEquals("y".repeat(31), SimClientInfo.fit("y".repeat(40)));
        assertThrows(IllegalArgumentException.class, () -> new SimClientInfo(0, 0, 0, "z".repeat(32)));
    }

    @Test
    void vendorHasFourBytesOfPaddingBeforeTheFirmwareVersion() throws Exception {
        SimVendor v = SimVendor.decode(SimCtl.decode(CAPTURED_VENDOR_REPLY).data());
        assertEquals(new SimVendor(0, 0, 0xA1, 1), v);
        assertArrayEquals(
                hex("c9020000 17100000 a0000000 00000000 0807060504030201"),
                new SimVendor(0x02C9, 0x1017, 0xA0, 0x0102030405060708L).encode());
    }

    @Test
    void portIsALittleEndianLidAndAStateByte() {
        // ibsim 0.10 answered GET_PORT for an unconfigured CA port with 00 00 02 00: LID 0, Init
        assertEquals(new SimPort(0, 2), SimPort.decode(hex("00000200")));
        assertArrayEquals(hex("10000400"), new SimPort(0x10, 4).encode());
        assertArrayEquals(hex("3412 01 00"), new SimPort(0x1234, 1).encode());
    }

    @Test
    void gidIsTheBigEndianPrefixThenTheLittleEndianNodeGuid() {
        // ibsim 0.10 answered fe80000000000000 0000100000000000 for node GUID 0x100000
        assertEquals(
                new SimGid(0xFE80000000000000L, 0x100000L), SimGid.decode(hex("fe80000000000000 0000100000000000")));
        assertArrayEquals(
                hex("fe80000000000000 0010000003c90200"),
                new SimGid(0xFE80000000000000L, 0x0002C90300001000L).encode());
    }

    @Test
    void guidIsLittleEndian() {
        assertEquals(new SimGuid(0x100000L), SimGuid.decode(hex("0000100000000000")));
        assertArrayEquals(hex("0010000003c90200"), new SimGuid(0x0002C90300001000L).encode());
    }

    @Test
    void isSmIsAnInt() {
        assertTrue(SimIsSm.decode(hex("01000000")).isSm());
        assertFalse(SimIsSm.decode(hex("00000000")).isSm());
        assertTrue(SimIsSm.decode(hex("00000100")).isSm());
        assertArrayEquals(hex("01000000"), new SimIsSm(1).encode());
    }

    @Test
    void attributeDataIsPaddedToSixtyFourBytes() {
        byte[] nodeInfo = new byte[40];
        Arrays.fill(nodeInfo, (byte) 0x5A);
        byte[] reply = SimAttributeData.reply(nodeInfo);
        assertEquals(64, reply.length);
        assertArrayEquals(nodeInfo, Arrays.copyOf(reply, 40));
        assertArrayEquals(new byte[24], Arrays.copyOfRange(reply, 40, 64));
        assertEquals(2, SimAttributeData.requestedPort(SimAttributeData.portInfoRequest(2)));
    }

    @Test
    void pKeysPastPartitionCapAreZero() {
        byte[] block = new byte[64];
        Arrays.fill(block, (byte) 0xFF);
        byte[] two = SimAttributeData.pKeys(block, 2);
        assertArrayEquals(hex("ffff ffff"), Arrays.copyOf(two, 4));
        assertArrayEquals(new byte[60], Arrays.copyOfRange(two, 4, 64));
        assertArrayEquals(block, SimAttributeData.pKeys(block, 64));
    }

    // ---- SimRequest ----

    /** Frame 11 of the capture: umad2sim's DR SubnGet(NodeInfo) with hop count 0; note the stack bytes at 20..23. */
    private static final byte[] CAPTURED_REQUEST = pad(
            hex("ffff0000 ffff0000 00000000 00000000 00000000 207f0000 00000000 00000100"
                    + "01810101 00000000 00000001 797cba92 00110000 00000000 00000000 00000000 ffffffff"),
            288);

    @Test
    void requestFieldsAreNetworkOrder() throws Exception {
        SimRequest r = SimRequest.decode(CAPTURED_REQUEST);
        assertEquals(0xFFFF, r.dlid());
        assertEquals(0xFFFF, r.slid());
        assertEquals(0, r.dqp());
        assertEquals(0, r.sqp());
        assertEquals(0, r.status());
        assertEquals(256, r.length());
        assertArrayEquals(Arrays.copyOfRange(CAPTURED_REQUEST, 32, 288), r.mad());
        byte[] expected = CAPTURED_REQUEST.clone();
        Arrays.fill(expected, 20, 24, (byte) 0); // the padding goes out clean
        assertArrayEquals(expected, r.encode());
    }

    @Test
    void requestLayoutByHand() throws Exception {
        byte[] mad = new byte[256];
        mad[0] = 1;
        mad[255] = 0x7E;
        SimRequest r = new SimRequest(0x0012, 0x0034, 0x000001, 0x123456, 110, 256, mad);
        byte[] b = r.encode();
        assertArrayEquals(
                hex("0012 0000 0034 0000 00000001 00123456 0000006e 00000000 0000000000000100"), Arrays.copyOf(b, 32));
        assertEquals(r, SimRequest.decode(b));
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 80, 287, 289, 512})
    void aDataMessageIsExactly288Bytes(int size) {
        SimProtocolException e = assertThrows(
                SimProtocolException.class, () -> SimRequest.decode(Arrays.copyOf(CAPTURED_REQUEST, size)));
        assertEquals(SimReject.BAD_REQUEST_SIZE, e.reason());
    }

    @ParameterizedTest
    @ValueSource(longs = {0, 257, -1})
    void theMadLengthIsOneTo256(long length) {
        byte[] b = CAPTURED_REQUEST.clone();
        dev.ibmesh.wire.Bits.put64(b, 24, length);
        SimProtocolException e = assertThrows(SimProtocolException.class, () -> SimRequest.decode(b));
        assertEquals(SimReject.BAD_MAD_LENGTH, e.reason());
    }

    @Test
    void bytesPastTheLengthAreZeroed() throws Exception {
        byte[] b = CAPTURED_REQUEST.clone();
        dev.ibmesh.wire.Bits.put64(b, 24, 24);
        Arrays.fill(b, 32 + 24, 288, (byte) 0x33);
        byte[] mad = SimRequest.decode(b).mad();
        assertArrayEquals(Arrays.copyOfRange(CAPTURED_REQUEST, 32, 32 + 24), Arrays.copyOf(mad, 24));
        assertArrayEquals(new byte[232], Arrays.copyOfRange(mad, 24, 256));
    }

    @Test
    void umadMadCarriesTheAddressing() throws Exception {
        UmadMad m = UmadMad.of(SimRequest.decode(CAPTURED_REQUEST));
        assertEquals(0xFFFF, m.dlid());
        assertFalse(m.isResponse());
        SimRequest back = m.toRequest(SimRequest.MAD_SIZE);
        assertEquals(256, back.length());
        assertArrayEquals(Arrays.copyOfRange(CAPTURED_REQUEST, 32, 288), back.mad());
    }
}
