package dev.ibmesh.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.proto.fabric.v1.Action;
import dev.ibmesh.proto.fabric.v1.FabricGrpc;
import dev.ibmesh.proto.fabric.v1.LinkState;
import dev.ibmesh.proto.fabric.v1.SetLinkStateRequest;
import dev.ibmesh.runtime.topology.DeviceSpec;
import dev.ibmesh.runtime.topology.Topology;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The live view in a real browser (Debian's headless chromium through its chromedriver) against {@code ibmesh up} of
 * the example fabric: the page draws every device, shows the embedded SM's subnet up, shows a device's ports on a
 * click, turns a link red once the control API cuts it (gRPC SetLinkState, as {@code ibmesh fabric} does), and puts it
 * back with its own Restore button. The page {@code ibmesh graph --format html} writes draws a topology from the file
 * alone.
 */
class LiveViewBrowserTest {
    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    private static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");
    private static final Duration WAIT = Duration.ofSeconds(30);
    /** IBMESH_LINK_COLOURS.cut, as the browser reports a computed colour. */
    private static final String CUT_RED = "rgb(214,39,40)";

    @TempDir
    Path dir;

    @Test
    void theGraphFollowsTheFabric() throws Exception {
        assertTrue(
                Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER),
                "Debian's chromium and chromium-driver (scripts/install-test-deps installs them)");
        CliProcess up = ExampleClient.startExampleFabric(dir);
        ChromeDriver browser = null;
        ManagedChannel channel = null;
        try {
            int http = up.httpPort();
            String control = ExampleClient.controlTarget(up);
            up.awaitLine("fabric ready", l -> l.startsWith("fabric ready:"), CliProcess.STARTUP);
            browser = browser();
            WebDriverWait wait = new WebDriverWait(browser, WAIT);
            browser.get("http://127.0.0.1:" + http + "/");

            wait.until(b -> List.of("h1", "h2", "h3", "h4", "sw1", "sw2")
                    .equals(script(
                            b,
                            "return window.ibmeshGraph ? window.ibmeshGraph.nodes().map(n => n.id()).sort()"
                                    + " : null")));
            assertEquals(6L, script(browser, "return window.ibmeshGraph.edges().length"));
            String edge = "sw2/2--h4/1";
            Object label =
                    script(browser, "return window.ibmeshGraph.getElementById(arguments[0]).data('label')", edge);
            assertTrue(
                    Objects.toString(label).startsWith("2-1 1x "),
                    "ports and width of the link h4's end enables at 1x only: " + label);
            wait.until(b -> b.findElement(By.id("sm")).getText().contains("SUBNET UP"));
            wait.until(b -> "active".equals(edgeClass(b, edge)));

            click(browser, "return window.ibmeshGraph.getElementById('h1').renderedPosition()");
            String table = ports(wait, "h1");
            assertTrue(table.contains("1 1 ACTIVE LINK_UP 4x QDR sw1/1"), "h1's port 1, cabled: " + table);
            assertTrue(table.contains("2 0 DOWN POLLING - - -"), "h1's port 2, not cabled: " + table);
            click(browser, "return window.ibmeshGraph.getElementById('sw1').renderedPosition()");
            String sw1 = ports(wait, "sw1");
            List<String> lids =
                    sw1.lines().skip(1).map(l -> l.split(" ")[1]).distinct().toList();
            assertEquals(1, lids.size(), "every port of a switch shows its one LID, port 0's: " + sw1);
            assertNotEquals("0", lids.get(0), "the SM gave sw1 its LID: " + sw1);

            channel = ManagedChannelBuilder.forTarget(control).usePlaintext().build();
            LinkState cut = FabricGrpc.newBlockingStub(channel)
                    .setLinkState(SetLinkStateRequest.newBuilder()
                            .setLink("h4/1")
                            .setAction(Action.ACTION_DOWN)
                            .build())
                    .getLink()
                    .getState();
            assertEquals(LinkState.LINK_STATE_DOWN, cut);
            wait.until(b -> "cut".equals(edgeClass(b, edge)));
            assertEquals(
                    CUT_RED,
                    Objects.toString(script(
                                    browser,
                                    "return window.ibmeshGraph.getElementById(arguments[0]).style('line-color')",
                                    edge))
                            .replace(" ", ""));

            click(browser, "return window.ibmeshGraph.getElementById(arguments[0]).renderedMidpoint()", edge);
            wait.until(b -> b.findElements(By.id("restore")).stream()
                            .findFirst()
                            .orElse(null))
                    .click();
            // Trained again (LinkUp, Init until the SM next activates it): no longer cut, and not Polling either.
            ChromeDriver page = browser;
            wait.withMessage(() -> "the restored link's class: " + edgeClass(page, edge))
                    .until(b -> List.of("training", "active").contains(edgeClass(b, edge)));
        } finally {
            if (browser != null) {
                browser.quit();
            }
            if (channel != null) {
                channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
            }
            up.stop();
        }
    }

    @Test
    void theStandalonePageDrawsTheTopologyOffline() throws Exception {
        Path topology = Path.of("../examples/topologies/fat-tree-2-level.yaml");
        Topology t = TopologyOption.load(topology, new PrintWriter(new StringWriter()), "test");
        Path html = dir.resolve("fabric.html");
        CliRun run = CliRun.of("graph", topology.toString(), "--format", "html", "-o", html.toString());
        assertEquals(0, run.exit(), run.err());
        ChromeDriver browser = browser();
        try {
            browser.get(html.toUri().toString());
            List<String> devices =
                    t.devices().stream().map(DeviceSpec::name).sorted().toList();
            new WebDriverWait(browser, WAIT)
                    .until(b -> devices.equals(script(
                            b,
                            "return window.ibmeshGraph ? window.ibmeshGraph.nodes().map(n => n.id()).sort() : null")));
            assertEquals(
                    (long) t.links().size(),
                    script(browser, "return window.ibmeshGraph.edges('.planned').length"),
                    "every link, drawn as planned");
        } finally {
            browser.quit();
        }
    }

    /** The ports table of the side panel once it shows {@code device} (it is redrawn every second while shown). */
    private static String ports(WebDriverWait wait, String device) {
        return wait.ignoring(StaleElementReferenceException.class).until(b -> {
            List<WebElement> title = b.findElements(By.tagName("h3"));
            List<WebElement> ports = b.findElements(By.id("ports"));
            return !title.isEmpty() && title.get(0).getText().startsWith(device + " ") && !ports.isEmpty()
                    ? ports.get(0).getText()
                    : null;
        });
    }

    /** Headless chromium as root can run it here: no sandbox, no GPU, nothing that reaches the network. */
    private ChromeDriver browser() throws Exception {
        ChromeOptions options = new ChromeOptions()
                .setBinary(CHROMIUM.toString())
                .addArguments(
                        "--headless",
                        "--no-sandbox",
                        "--disable-gpu",
                        "--disable-quic",
                        "--no-first-run",
                        "--disable-background-networking",
                        "--disable-component-update",
                        "--disable-sync",
                        "--window-size=1280,800",
                        "--user-data-dir=" + Files.createTempDirectory(dir, "chromium"));
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(CHROMEDRIVER.toFile())
                .usingAnyFreePort()
                .build();
        return new ChromeDriver(service, options);
    }

    /** Clicks the graph where {@code position} (a script giving a rendered {x, y}) says. */
    private static void click(ChromeDriver browser, String position, Object... args) {
        @SuppressWarnings("unchecked")
        Map<String, Number> p = (Map<String, Number>) script(browser, position, args);
        WebElement graph = browser.findElement(By.id("graph"));
        // Selenium's offsets are from the element's centre; cytoscape's rendered positions from its top left.
        int x = (int) Math.round(p.get("x").doubleValue() - graph.getSize().getWidth() / 2.0);
        int y = (int) Math.round(p.get("y").doubleValue() - graph.getSize().getHeight() / 2.0);
        new Actions(browser).moveToElement(graph, x, y).click().perform();
    }

    private static String edgeClass(org.openqa.selenium.WebDriver browser, String edge) {
        return (String) script(
                browser,
                "const e = window.ibmeshGraph.getElementById(arguments[0]); return e.nonempty() ? e.classes()[0] : null",
                edge);
    }

    private static Object script(org.openqa.selenium.WebDriver browser, String script, Object... args) {
        return ((JavascriptExecutor) browser).executeScript(script, args);
    }
}
