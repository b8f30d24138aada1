import GiroCore
@testable import GiroSweden
import GiroTestSupport

enum CodingLine: PluginTestHelpers {
    static let kit = PluginFixtures(SwedishGiroCodingLine(), directory: "se.giro-coding-line")
}

enum BillQR: PluginTestHelpers {
    static let kit = PluginFixtures(SwedishBillQR(), directory: "se.bill-qr")
}
