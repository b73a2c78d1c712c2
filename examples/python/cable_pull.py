#!/usr/bin/env python3
"""Pulls a cable of a running ibmesh fabric and puts it back, through the control API, from the .proto files alone.

Usage: cable_pull.py HOST:PORT [DEVICE/PORT]   (default: the first link that is up)

Needs Debian's protobuf-compiler, protobuf-compiler-grpc (grpc_python_plugin), python3-grpcio and python3-protobuf.
The client code is generated from proto/src/main/proto/fabric.proto into a temporary directory at start: nothing of
ibmesh's Java is used. It lists the links, watches port events, takes the link down (both ends must report it), puts
it back (both ends train again), prints what it saw and exits 0; 1 when the fabric did not do what the API promises.
"""
import os
import queue
import subprocess
import sys
import tempfile
import threading

PROTO_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "proto", "src", "main", "proto")
WAIT_SECONDS = 20


def generate_stubs(out_dir):
    """fabric_pb2 and fabric_pb2_grpc from the .proto file, with protoc and gRPC's Python plugin."""
    plugin = subprocess.run(["which", "grpc_python_plugin"], capture_output=True, text=True).stdout.strip()
    if not plugin:
        sys.exit("cable_pull: grpc_python_plugin is missing (apt-get install protobuf-compiler-grpc)")
    subprocess.run(
        ["protoc", "-I", PROTO_DIR, "-I", "/usr/include", "--python_out", out_dir, "--grpc_python_out", out_dir,
         "--plugin=protoc-gen-grpc_python=" + plugin, os.path.join(PROTO_DIR, "fabric.proto")],
        check=True)
    sys.path.insert(0, out_dir)


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__.splitlines()[2])
    target = sys.argv[1]
    with tempfile.TemporaryDirectory() as tmp:
        generate_stubs(tmp)
        import grpc
        import fabric_pb2 as pb
        import fabric_pb2_grpc as rpc

        with grpc.insecure_channel(target) as channel:
            grpc.channel_ready_future(channel).result(timeout=WAIT_SECONDS)
            fabric = rpc.FabricStub(channel)
            links = fabric.ListLinks(pb.ListLinksRequest(), timeout=WAIT_SECONDS).links
            up = [l for l in links if l.state == pb.LINK_STATE_UP]
            print(f"{len(links)} links, {len(up)} up")
            if len(sys.argv) == 3:
                name = sys.argv[2]
                link = next((l for l in links if name in (f"{l.a.device}/{l.a.port}", f"{l.b.device}/{l.b.port}")), None)
                if link is None:
                    sys.exit(f"cable_pull: no link {name}")
            elif up:
                link = up[0]
            else:
                sys.exit("cable_pull: no link is up")
            ends = {(link.a.device, link.a.port), (link.b.device, link.b.port)}
            name = sys.argv[2] if len(sys.argv) == 3 else f"{link.a.device}/{link.a.port}"

            events = queue.Queue()
            stream = fabric.WatchEvents(pb.WatchEventsRequest(current=True))

            def listen():
                try:
                    for e in stream:
                        events.put(e)
                except grpc.RpcError:
                    pass  # cancelled at the end

            threading.Thread(target=listen, daemon=True).start()

            def await_both(is_wanted, what):
                """Waits until both ends of the link report a physical state is_wanted accepts."""
                seen = set()
                while seen != ends:
                    try:
                        e = events.get(timeout=WAIT_SECONDS)
                    except queue.Empty:
                        print(f"FAIL: {what}: only {sorted(seen)} of {sorted(ends)} in {WAIT_SECONDS} s")
                        sys.exit(1)
                    if (e.device, e.port) in ends and is_wanted(e.physical_state):
                        seen.add((e.device, e.port))
                        reason = f" ({e.reason})" if e.reason else ""
                        print(f"  {e.device}/{e.port}: {pb.PhysicalState.Name(e.physical_state)}{reason}")
                print(f"{what}: both ends")

            # The stream starts with each port's state now: once both ends are heard of, no change can be missed.
            await_both(lambda s: s == pb.PHYSICAL_STATE_LINK_UP, f"watching {name}: up")
            fabric.SetLinkState(pb.SetLinkStateRequest(link=name, action=pb.ACTION_DOWN), timeout=WAIT_SECONDS)
            await_both(lambda s: s != pb.PHYSICAL_STATE_LINK_UP, f"cable pulled from {name}: down")
            fabric.SetLinkState(pb.SetLinkStateRequest(link=name, action=pb.ACTION_UP), timeout=WAIT_SECONDS)
            await_both(lambda s: s == pb.PHYSICAL_STATE_LINK_UP, f"cable put back into {name}: trained again")
            stream.cancel()
            print("OK")


if __name__ == "__main__":
    main()
