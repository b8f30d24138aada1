import CFuzzerDriver

/// SwiftPM links every executable with `main` aliased to `<Module>_main`, a symbol a `-parse-as-library`
/// harness lacks; each harness defines it with `@_cdecl` and hands over to libFuzzer's driver here.
public func runLibFuzzer(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>,
                         _ testOneInput: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt {
    var count = argc
    var arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = argv
    return LLVMFuzzerRunDriver(&count, &arguments, testOneInput)
}
