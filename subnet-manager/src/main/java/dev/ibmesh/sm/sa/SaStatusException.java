package dev.ibmesh.sm.sa;

/** A query the SA answers with an error status instead of records (IBA 15.2.1.1, Table "SA MAD Status"). */
final class SaStatusException extends Exception {
    private final int status;

    SaStatusException(int status, String message) {
        super(message);
        this.status = status;
    }

    int status() {
        return status;
    }
}
