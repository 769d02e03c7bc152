"""Where phones at the venue reach this server: ``make run`` binds ``HOST:PORT``
(``0.0.0.0:8000`` by default: every address of the machine), and the home page shows
the addresses with a QR code to open them (``printing.views.venue_qr``), so nobody
types an IP address on a phone.

Pure standard library: the machine's IPv4 addresses other than loopback, found without
sending anything (a UDP socket "connected" to a public address only picks the
interface a packet would leave by).
"""

from __future__ import annotations

import ipaddress
import os
import socket
from collections.abc import Mapping

__all__ = ["lan_addresses", "venue_hosts", "venue_urls"]

_ALL = ("", "0.0.0.0", "::", "[::]")


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses that are not loopback, the outgoing one first."""
    found: list[str] = []
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: no packet is sent
            found.append(probe.getsockname()[0])
    except OSError:
        pass
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            found.append(str(info[4][0]))
    except OSError:
        pass
    addresses = []
    for address in found:
        ip = ipaddress.ip_address(address)
        if (
            not (ip.is_loopback or ip.is_unspecified or ip.is_link_local)
            and address not in addresses
        ):
            addresses.append(address)
    return addresses


def venue_hosts(environ: Mapping[str, str] = os.environ) -> list[str]:
    """The addresses a phone can reach this server at: none when it listens on loopback
    only (``HOST=127.0.0.1``: this machine alone can reach it)."""
    host = environ.get("HOST", "127.0.0.1").strip()
    if host in _ALL:
        return lan_addresses()
    try:
        return [] if ipaddress.ip_address(host).is_loopback else [host]
    except ValueError:  # a name
        return [] if host == "localhost" else [host]


def venue_urls(environ: Mapping[str, str] = os.environ) -> list[str]:
    """The addresses to open from a phone (see :func:`venue_hosts`), as links."""
    port = environ.get("PORT", "8000").strip() or "8000"
    suffix = "" if port == "80" else f":{port}"
    return [f"http://{host}{suffix}/" for host in venue_hosts(environ)]
