# Shell functions the bench scripts that run ibsim share; source it.

# A UDP port on 127.0.0.1 with the 10 after it free too: ibsim's control port and its client data ports.
free_udp() {
  python3 -c 'import socket,random
while True:
  p=random.randint(20000,60000); ok=True
  for q in range(p,p+11):
    s=socket.socket(socket.AF_INET,socket.SOCK_DGRAM)
    try: s.bind(("127.0.0.1",q))
    except OSError: ok=False
    s.close()
  if ok: print(p); break'
}

# Waits until the ibsim with pid $1 on port $2 answers an SMP at h1 (ibsim prints nothing when it is ready).
# Returns 1 if that ibsim ended instead (e.g. a fabric bigger than it holds).
await_ibsim() {
  local pid=$1 port=$2
  until IBSIM_SERVER_NAME=127.0.0.1 IBSIM_SERVER_PORT=$port SIM_HOST=h1 timeout 5 ibsim-run smpquery -D nodeinfo 0 > /dev/null 2>&1; do
    kill -0 "$pid" 2> /dev/null || return 1
    sleep 0.2
  done
}

# The median of the numbers given (the lower of the middle two for an even count): benches compare medians of runs.
median() { printf '%s\n' "$@" | sort -g | awk '{v[NR]=$1} END {print v[int((NR+1)/2)]}'; }
