import GiroTestSupport
import GiroCroatia

/// Decode helpers and this format's fixtures (see `PluginFixtures`).
let HUB3 = PluginFixtures(CroatianHUB3(), directory: "hr.hub3")
