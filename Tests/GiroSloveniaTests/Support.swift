import GiroTestSupport
import GiroSlovenia

/// Decode helpers and this format's fixtures (see `PluginFixtures`).
let UPN = PluginFixtures(SlovenianUPNQR(), directory: "si.upn-qr")
