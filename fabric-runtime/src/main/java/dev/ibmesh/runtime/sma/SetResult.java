package dev.ibmesh.runtime.sma;

import dev.ibmesh.mad.MadStatus;
import java.util.List;
import java.util.Objects;

/**
 * The outcome of validating a SubnSet of one attribute. Either the Set is accepted ({@code invalidReason} null): the
 * device stores {@code attribute} and carries out {@code actions}; or it is rejected with status code 7 (IBA 13.4.7,
 * "one or more fields in the attribute or attribute modifier contain an invalid value"): {@code attribute} is then the
 * unchanged current attribute, which the device keeps and returns in the GetResp, and there are no actions.
 *
 * @param invalidReason names the field and the value that made the Set invalid, for logs and tests
 */
public record SetResult<T>(T attribute, List<SmaAction> actions, String invalidReason) {
    public SetResult {
        Objects.requireNonNull(attribute, "attribute");
        actions = List.copyOf(actions);
        if (invalidReason != null && !actions.isEmpty()) {
            throw new IllegalArgumentException("a rejected Set has no side effects");
        }
    }

    public static <T> SetResult<T> accepted(T attribute, List<SmaAction> actions) {
        return new SetResult<>(attribute, actions, null);
    }

    public static <T> SetResult<T> invalid(T current, String reason) {
        return new SetResult<>(current, List.of(), Objects.requireNonNull(reason, "reason"));
    }

    public boolean isValid() {
        return invalidReason == null;
    }

    /** The MAD status word for the GetResp: 0, or 0x001C (code 7). */
    public int status() {
        return isValid() ? 0 : MadStatus.ofCode(MadStatus.CODE_INVALID_FIELD);
    }
}
