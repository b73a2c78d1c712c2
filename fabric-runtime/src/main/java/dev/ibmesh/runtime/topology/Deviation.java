package dev.ibmesh.runtime.topology;

/**
 * A named way a kind of device can be started to break one rule of the spec, so that each conformance procedure can
 * be shown to fail on the device it targets. Each kind of device lists its deviations in an enum implementing this;
 * {@link Deviations} reads the names topology files give.
 */
public interface Deviation {
    /** The name a topology file gives under {@code deviations:}, for example {@code ignore-m-key}. */
    String label();
}
