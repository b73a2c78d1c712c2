/**
 * Decoding any MAD with the attribute codec of its class: {@link dev.ibmesh.mad.decode.MadDecoder} knows every
 * attribute family ({@code mad.smp}, {@code mad.pma}, {@code mad.sa}), which build on {@code mad} (the header, the
 * class layouts, {@code Attribute}); so it sits above them all, and {@code mad} never names a family.
 */
package dev.ibmesh.mad.decode;
