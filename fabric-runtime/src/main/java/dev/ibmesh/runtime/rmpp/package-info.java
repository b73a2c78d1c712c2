/**
 * The Reliable Multi-Packet Protocol (IBA 13.6) over a {@link dev.ibmesh.runtime.madport.MadPort}: a sender that
 * sends DATA segments in the window its receiver grants and resends from the last acknowledged one, and a receiver
 * that acknowledges and puts segments back together. What the Linux MAD layer does for libibumad programs, done here
 * in host software, on the wire as real segments.
 */
package dev.ibmesh.runtime.rmpp;
