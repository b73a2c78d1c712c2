package dev.ibmesh.device.hca.verbs;

import java.util.HashMap;
import java.util.Map;

/** Objects by handle, handles allocated upward from a first value, with a limit on how many may exist. */
final class HandleTable<T> {
    private final String what;
    private final int limit;
    private final Map<Integer, T> byHandle = new HashMap<>();
    private int next;

    HandleTable(String what, int first, int limit) {
        this.what = what;
        this.next = first;
        this.limit = limit;
    }

    /** The next handle, throwing RESOURCE_EXHAUSTED when {@code limit} objects exist. */
    int reserve() {
        if (byHandle.size() >= limit) {
            throw VerbsException.exhausted(what + " count", limit, byHandle.size() + 1L);
        }
        return next++;
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
