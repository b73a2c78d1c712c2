package dev.ibmesh.runtime.sma;

import dev.ibmesh.mad.smp.LedInfo;
import dev.ibmesh.mad.smp.PortInfo;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * LedInfo (IBA 14.2.5.15), optional: supported when the end port (switch port 0, or the CA port the SMP arrived on)
 * advertises CapabilityMask.IsLEDInfoSupported, otherwise status 3. AttributeModifier = port, as for PortInfo
 * ({@link SmpRequest#modifierPort()}); above NumPorts is status 7. A Set writes LedMask (the reserved bits stay 0)
 * and answers with the LedInfo as it now is.
 */
final class LedInfoHandler implements SmpAttributeHandler {
    @Override
    public Optional<SmpReply> get(SmpRequest request) {
        if (!request.endPortInfo().hasCapability(PortInfo.CAP_IS_LED_INFO_SUPPORTED)) {
            return SmpReply.unsupported(request);
        }
        OptionalInt port = request.modifierPort();
        if (port.isEmpty()) {
            return SmpReply.invalid(request);
        }
        return SmpReply.ok(request.node().ledInfo(port.getAsInt()));
    }

    @Override
    public Optional<SmpReply> set(SmpRequest request) {
        if (!request.endPortInfo().hasCapability(PortInfo.CAP_IS_LED_INFO_SUPPORTED)) {
            return SmpReply.unsupported(request);
        }
        OptionalInt port = request.modifierPort();
        if (port.isEmpty()) {
            return SmpReply.invalid(request);
        }
        request.node()
                .setLedInfo(
                        port.getAsInt(),
                        new LedInfo(LedInfo.decode(request.data(), 0).ledMask()));
        return SmpReply.ok(request.node().ledInfo(port.getAsInt()));
    }
}
