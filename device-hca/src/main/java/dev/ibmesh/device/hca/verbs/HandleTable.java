package dev.ibmesh.device.hca.verbs;

import java.util.HashMap;
import java.util.Map;

/**
 * Objects by handle, with a limit on how many may exist. Handles are drawn from {@code [min, max]} counting up from a
 * first value (as hardware hands out QPNs and memory key indices), wrapping at {@code max} and skipping handles in
 * use, so a handle is not reused until the whole range has gone round.
 */
final class HandleTable<T> {
    private final String what;
    private final int min;
    private final int max;
    private final int limit;
    private final Map<Integer, T> byHandle = new HashMap<>();
    private int next;

    HandleTable(String what, int min, int max, int first, int limit) {
        if (first < min || first > max || limit > (long) max - min + 1) {
            throw new IllegalArgumentException(what + " handles: first " + first + " or limit " + limit
                    + " do not fit [" + min + ", " + max + "]");
        }
        this.what = what;
        this.min = min;
        this.max = max;
        this.next = first;
        this.limit = limit;
    }

    /** The next free handle, throwing RESOURCE_EXHAUSTED when {@code limit} objects exist. */
    int reserve() {
        if (byHandle.size() >= limit) {
            throw VerbsException.exhausted(what + " count", limit, byHandle.size() + 1L);
        }
        int h = next;
        while (byHandle.containsKey(h)) {
            h = after(h);
        }
        next = after(h);
        return h;
    }

    private int after(int h) {
        return h == max ? min : h + 1;
    }

    void put(int handle, T t) {
        byHandle.put(handle, t);
    }

    /** The object with this handle, or null. */
    T find(int handle) {
        return byHandle.get(handle);
    }

    T get(int handle) {
        T t = byHandle.get(handle);
        if (t == null) {
            throw VerbsException.notFound(what, handle);
        }
        return t;
    }

    void remove(int handle) {
        byHandle.remove(handle);
    }
}
