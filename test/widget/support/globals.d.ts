// Widget tests run under mocha in the browser (@web/test-runner); its globals are typed here only,
// so server code does not see describe/it.
/// <reference types="mocha" />
