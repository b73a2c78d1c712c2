package dev.ibmesh.mad.smp;

import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * What {@link PortState} and {@link PortPhysicalState} share: an open enum over a 4-bit PortInfo field in the style
 * of Netty's {@code DnsOpCode}. Every code has exactly one instance (compare with {@code ==}); the codes the IBA
 * names know their name, the others print as {@code Kind(code)} and keep their number.
 */
public abstract sealed class PortStateCode permits PortState, PortPhysicalState {
    /** Both fields are 4 bits wide (IBA 14.2.5.6). */
    static final int CODES = 16;

    private final int code;
    private final String name;
    private final boolean known;

    PortStateCode(int code, String name, boolean known) {
        this.code = code;
        this.name = name;
        this.known = known;
    }

    public final int code() {
        return code;
    }

    /** The IBA's name (for example {@code Armed}, {@code LinkUp}), or {@code Kind(code)} for a code it does not name. */
    public final String name() {
        return name;
    }

    public final boolean isKnown() {
        return known;
    }

    @Override
    public final String toString() {
        return name;
    }

    /** "1 Down, 2 Init": codes and names, for a metric's description. */
    public static String legend(PortStateCode... values) {
        return Arrays.stream(values).map(v -> v.code + " " + v.name).collect(Collectors.joining(", "));
    }

    /** The one instance of every code of a field, the named ones first registered by {@link #known}. */
    static final class Table<T extends PortStateCode> {
        private final Object[] all = new Object[CODES];
        private final String field;
        private final Factory<T> factory;

        interface Factory<T> {
            T create(int code, String name, boolean known);
        }

        Table(String field, Factory<T> factory) {
            this.field = field;
            this.factory = factory;
        }

        T known(int code, String name) {
            T value = factory.create(code, name, true);
            all[code] = value;
            return value;
        }

        /** Called once the named codes are registered: every other code gets its unnamed instance. */
        Table<T> complete() {
            for (int code = 0; code < CODES; code++) {
                if (all[code] == null) {
                    all[code] = factory.create(code, field + "(" + code + ")", false);
                }
            }
            return this;
        }

        @SuppressWarnings("unchecked") // every slot holds a T, put there by known() or complete()
        T valueOf(int code) {
            if (code < 0 || code >= CODES) {
                throw new IllegalArgumentException(field + " must fit in 4 bits, was " + code);
            }
            return (T) all[code];
        }
    }
}
