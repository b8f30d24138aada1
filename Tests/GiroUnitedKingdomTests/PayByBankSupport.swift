import GiroCore
@testable import GiroUnitedKingdom
import GiroTestSupport

enum UKLink: PluginTestHelpers {
    static let kit = PluginFixtures(UKPayByBankLink(), directory: "gb.pay-by-bank")
}
