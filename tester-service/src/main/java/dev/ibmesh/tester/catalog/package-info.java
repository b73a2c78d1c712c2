/**
 * The catalog: one class per conformance procedure, named by its CTS ID and carrying its {@link
 * dev.ibmesh.tester.engine.Cts} descriptor, in a subpackage per IBA chapter ({@code c09} transport, {@code c13}
 * management model, {@code c14} subnet management, {@code c07} link layer). The engine finds them here by scanning;
 * nothing else lists them.
 */
package dev.ibmesh.tester.catalog;
