import GiroTestSupport
import GiroSerbia

/// Decode helpers and this format's fixtures (see `PluginFixtures`).
let IPS = PluginFixtures(SerbianIPSQR(), directory: "rs.nbs-ips-qr")
