/**
 * Reports of a test run, made only from {@link dev.ibmesh.tester.engine.ProcedureResult}s and {@link
 * dev.ibmesh.tester.engine.RunListener} events, so the command line and the tester service use the same ones: the
 * live console ({@link ConsoleReport}) and a report directory ({@link ReportDir}: JUnit XML, results.json, HTML with
 * packet ladder diagrams, and the run's pcap traces). The engine knows nothing of these formats.
 */
package dev.ibmesh.tester.report;
